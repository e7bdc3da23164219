import { ThrowValue } from '@/fixtures/app/server';

export default function Page() {
  return <ThrowValue id="throws-null" kind="null" />;
}
