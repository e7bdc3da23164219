import { ThrowValue } from '@/fixtures/throwers/server';

export default function Page() {
  return <ThrowValue id="throws-aggregate-error" kind="aggregate" />;
}
