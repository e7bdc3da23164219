import { ThrowValue } from '@/fixtures/app/server';

export default function Page() {
  return <ThrowValue id="throws-string" kind="string" />;
}
