import { ThrowValue } from '@/fixtures/throwers/server';

export default function Page() {
  return <ThrowValue id="throws-error-subclass" kind="subclass" />;
}
