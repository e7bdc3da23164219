import { perRequest } from '@/bundled/pages';

// What fails is _app's getInitialProps, for this route only (pages/_app.tsx).
export const getServerSideProps = perRequest;

export default function Page() {
  return <h1>Unreachable: the app's initial props fail</h1>;
}
