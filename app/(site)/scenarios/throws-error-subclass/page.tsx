import { ThrowValue } from '@/bundled/server';

export default function Page() {
  return <ThrowValue id="throws-error-subclass" kind="subclass" />;
}
