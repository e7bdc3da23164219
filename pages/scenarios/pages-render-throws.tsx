import { perRequest } from '@/bundled/pages';
import { secretMessage } from '@/bundled/secret';

export const getServerSideProps = perRequest;

export default function Page(): never {
  throw new Error(secretMessage('pages-render-throws'));
}
