import { failingMetadata } from '@/bundled/server';

export const generateMetadata = () => failingMetadata('metadata-throws');

export default function Page() {
  return <h1>Page whose metadata fails</h1>;
}
