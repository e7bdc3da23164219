import * as Sentry from '@sentry/nextjs';
import { NextResponse, type NextRequest } from 'next/server';
import { secretMessage } from './bundled/secret';

function failingProxy(_request: NextRequest): NextResponse {
  throw new Error(secretMessage('proxy-throws'));
}

/** Next.js does not pass proxy errors to onRequestError: report them here, once. */
export function proxy(request: NextRequest) {
  try {
    return failingProxy(request);
  } catch (error) {
    Sentry.withScope((scope) => {
      scope.setSDKProcessingMetadata({
        normalizedRequest: { headers: Object.fromEntries(request.headers), method: request.method, url: request.url },
      });
      scope.setContext('nextjs', { route_type: 'proxy', request_path: request.nextUrl.pathname });
      Sentry.captureException(error, { mechanism: { handled: false, type: 'auto.faultline.proxy' } });
    });
    throw error;
  }
}

export const config = { matcher: '/scenarios/proxy-throws' };
