'use client';

import { useEffect, useState } from 'react';
import { HydratedButton } from './HydratedButton';
import { secretMessage } from './secret';

/** Client Components that throw in the browser, with nothing of the App Router in them: both routers render them. */

export function ThrowsInEffect({ id }: { id: string }) {
  useEffect(() => {
    throw new Error(secretMessage(id));
  }, [id]);
  return <p role="status">Effect pending</p>;
}

export function ThrowsInRenderAfterClick({ id }: { id: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error(secretMessage(id));
  return <HydratedButton onClick={() => setBroken(true)}>Break the page</HydratedButton>;
}
