import { ThrowValue } from '@/bundled/server';

export default function Page() {
  return <ThrowValue id="throws-html-message" kind="html" />;
}
