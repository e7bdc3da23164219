import { connection } from 'next/server';
import { secretMessage } from '@/fixtures/throwers/secret';

export const contentType = 'image/png';
export const size = { width: 1200, height: 630 };

export default async function Image(): Promise<Response> {
  await connection();
  throw new Error(secretMessage('opengraph-image-throws'));
}
