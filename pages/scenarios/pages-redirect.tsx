import { redirectProps } from '@/bundled/pages';

export const getServerSideProps = redirectProps;

export default function Page() {
  return <h1>Unreachable: its data redirects</h1>;
}
