import { connection } from 'next/server';
import { failingMetadata } from '@/bundled/server';

export const generateMetadata = () => failingMetadata('metadata-throws');

export default async function Page() {
  // Cache Components builds a page whose metadata alone reads the request only when the page reads it too.
  await connection();
  return <h1>Page whose metadata fails</h1>;
}
