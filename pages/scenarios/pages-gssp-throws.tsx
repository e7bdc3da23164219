import { throwingServerSideProps } from '@/bundled/pages';

export const getServerSideProps = throwingServerSideProps('pages-gssp-throws');

export default function Page() {
  return <h1>Unreachable: its data fails</h1>;
}
