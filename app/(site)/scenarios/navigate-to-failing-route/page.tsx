import Link from 'next/link';

export default function Page() {
  return (
    <>
      <h1>Start of a client-side navigation</h1>
      <Link href="/scenarios/server-page-throws">Go to the failing page</Link>
    </>
  );
}
