import { HydratedLink } from '@/bundled/HydratedLink';

export default function Page() {
  return (
    <>
      <h1>A gallery</h1>
      <HydratedLink href="/scenarios/intercepted-route-throws/photo">Open the photo</HydratedLink>
    </>
  );
}
