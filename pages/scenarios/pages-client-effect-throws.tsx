import { perRequest } from '@/bundled/pages';
import { ThrowsInEffect } from '@/bundled/client-throwers';

export const getServerSideProps = perRequest;

export default function Page() {
  return <ThrowsInEffect id="pages-client-effect-throws" />;
}
