import { HydratedLink } from '@/bundled/HydratedLink';

export default function Page() {
  return (
    <>
      <h1>Start of a client-side navigation</h1>
      <HydratedLink href="/scenarios/healthy">Go to the healthy page</HydratedLink>
    </>
  );
}
