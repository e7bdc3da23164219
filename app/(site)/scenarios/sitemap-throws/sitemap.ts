import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { secretMessage } from '@/fixtures/app/secret';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  throw new Error(secretMessage('sitemap-throws'));
}
