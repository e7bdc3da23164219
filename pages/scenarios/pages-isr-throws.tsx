import { failingRegeneration } from '@/bundled/pages';

export const getStaticProps = failingRegeneration('pages-isr-throws');

export default function Page() {
  return <p>Rendered when the app was built</p>;
}
