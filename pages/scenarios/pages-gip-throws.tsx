import { throwingInitialProps } from '@/bundled/pages';

export default function Page() {
  return <h1>Unreachable: its initial props fail</h1>;
}

Page.getInitialProps = throwingInitialProps('pages-gip-throws');
