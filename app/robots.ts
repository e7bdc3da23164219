import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { secretMessage } from '@/bundled/secret';

/** A metadata route of the whole app (`/robots.txt`) that fails while serving. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  throw new Error(secretMessage('robots-throws'));
}
