import Link from 'next/link';

export default function Page() {
  return (
    <>
      <h1>Start of a navigation whose chunk fails</h1>
      {/* No prefetch: the target's chunk must be requested only on click, when the test blocks it. */}
      <Link href="/scenarios/chunk-load-fails/target" prefetch={false}>
        Go to the lazily loaded page
      </Link>
    </>
  );
}
