import { ThrowValue } from '@/fixtures/throwers/server';

export default function Page() {
  return <ThrowValue id="throws-undefined" kind="undefined" />;
}
