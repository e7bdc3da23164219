import { perRequest } from '@/bundled/pages';

export const getServerSideProps = perRequest;

export default function Page() {
  return <p>Healthy Pages Router page</p>;
}
