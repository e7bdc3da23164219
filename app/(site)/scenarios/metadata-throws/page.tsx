import { failingMetadata } from '@/fixtures/app/server';

export const generateMetadata = () => failingMetadata('metadata-throws');

export default function Page() {
  return <h1>Page whose metadata fails</h1>;
}
