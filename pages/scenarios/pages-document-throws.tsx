import { perRequest } from '@/bundled/pages';

// What fails is _document's getInitialProps, for this route only (pages/_document.tsx).
export const getServerSideProps = perRequest;

export default function Page() {
  return <h1>Unreachable: the document fails</h1>;
}
