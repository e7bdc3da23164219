import { secretMessage } from '@/bundled/secret';

// Prerendered at build time, regenerated at most every second after that.
export const revalidate = 1;

export default function Page() {
  // The build renders it; every regeneration while serving fails.
  if (process.env.NEXT_PHASE !== 'phase-production-build') throw new Error(secretMessage('isr-regeneration-throws'));
  return <p>Rendered when the app was built</p>;
}
