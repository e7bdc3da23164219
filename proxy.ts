import { NextResponse, type NextRequest } from 'next/server';
import { secretMessage } from './fixtures/throwers/secret';

export function proxy(_request: NextRequest) {
  throw new Error(secretMessage('proxy-throws'));
  return NextResponse.next();
}

export const config = { matcher: '/scenarios/proxy-throws' };
