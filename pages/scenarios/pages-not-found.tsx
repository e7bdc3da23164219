import { notFoundProps } from '@/bundled/pages';

export const getServerSideProps = notFoundProps;

export default function Page() {
  return <h1>Unreachable: its data says not found</h1>;
}
