import { HydratedLink } from '@/bundled/HydratedLink';

export default function Page() {
  return (
    <>
      <h1>Start of a navigation whose chunk fails</h1>
      {/* No prefetch: the target's chunk must be requested only on click, when the test blocks it. */}
      <HydratedLink href="/scenarios/chunk-load-fails/target" prefetch={false}>
        Go to the lazily loaded page
      </HydratedLink>
    </>
  );
}
