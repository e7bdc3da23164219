import type { ErrorEvent } from '@sentry/core';
import { TEST_MARKER_HEADER } from '../contract';

export function markerOf(event: ErrorEvent): string | undefined {
  const headers = event.request?.headers ?? {};
  return headers[TEST_MARKER_HEADER] ?? (event.tags?.[TEST_MARKER_HEADER] as string | undefined);
}
