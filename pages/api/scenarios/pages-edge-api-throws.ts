import { secretMessage } from '@/bundled/secret';

export const config = { runtime: 'edge' };

export default async function handler(): Promise<Response> {
  throw new Error(secretMessage('pages-edge-api-throws'));
}
