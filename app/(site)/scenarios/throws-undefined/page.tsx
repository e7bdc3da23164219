import { ThrowValue } from '@/bundled/server';

export default function Page() {
  return <ThrowValue id="throws-undefined" kind="undefined" />;
}
