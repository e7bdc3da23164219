import { perRequest } from '@/bundled/pages';
import { ThrowsInRenderAfterClick } from '@/bundled/client-throwers';

export const getServerSideProps = perRequest;

export default function Page() {
  return <ThrowsInRenderAfterClick id="pages-client-render-throws" />;
}
