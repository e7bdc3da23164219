import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { secretMessage } from '@/bundled/secret';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  throw new Error(secretMessage('sitemap-throws'));
}
