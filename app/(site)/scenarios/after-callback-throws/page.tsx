import { after, connection } from 'next/server';
import { secretMessage } from '@/bundled/secret';

export default async function Page() {
  await connection();
  after(() => {
    throw new Error(secretMessage('after-callback-throws'));
  });
  return <p role="status">The page rendered</p>;
}
