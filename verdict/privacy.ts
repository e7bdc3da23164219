import { isIP } from 'node:net';
import type { ErrorEvent } from '@sentry/core';

/**
 * What a report may carry of the request, on the checking side: these headers and nothing else
 * (the app keeps its own list; a report with any other header is a deviation, whatever its name).
 */
export const ALLOWED_HEADERS = new Set([
  'host',
  'user-agent',
  'accept',
  'accept-language',
  'accept-encoding',
  'content-type',
  'content-length',
  'referer',
  'rsc',
  'next-action',
  'x-faultline-test',
]);
/** Headers that name the server the browser asked for: an address there is the app's, not the user's. */
const HOST_HEADERS = new Set(['host']);

/** Whether a header value holds an IP address anywhere (`1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]:80`, `for=…`). */
function holdsAddress(value: string): boolean {
  return value.split(/[\s,;"=]+/).some((token) => {
    const bare = token.replace(/^\[([^\]]+)\](:\d+)?$/, '$1').replace(/^(\d{1,3}(\.\d{1,3}){3}):\d+$/, '$1');
    return isIP(bare) !== 0;
  });
}

const hasQuery = (url: unknown) => typeof url === 'string' && /[?#]/.test(url);

/**
 * What a report carries that it must not: a client address (`user.ip_address`, or any header value
 * that is an IP address), a header outside the allowed ones, a query string or fragment anywhere
 * (request URL, Next's request path, breadcrumbs), a cookie, a request body.
 */
export function privacyProblems(events: readonly ErrorEvent[]): string[] {
  const problems: string[] = [];
  for (const event of events) {
    const { request } = event;
    if (event.user?.ip_address) problems.push(`user.ip_address ${event.user.ip_address}`);
    for (const [name, value] of Object.entries(request?.headers ?? {})) {
      if (!ALLOWED_HEADERS.has(name.toLowerCase())) problems.push(`request header ${name}: ${value}`);
      else if (!HOST_HEADERS.has(name.toLowerCase()) && holdsAddress(String(value))) problems.push(`an address in request header ${name}: ${value}`);
    }
    if (hasQuery(request?.url)) problems.push(`a query string in request.url ${request!.url}`);
    if (request?.query_string) problems.push(`request.query_string ${JSON.stringify(request.query_string)}`);
    if (request?.cookies && Object.keys(request.cookies).length > 0) problems.push(`request.cookies ${JSON.stringify(request.cookies)}`);
    if (request?.data !== undefined) problems.push('request.data (the request body)');
    const path = (event.contexts?.nextjs as { request_path?: unknown } | undefined)?.request_path;
    if (hasQuery(path)) problems.push(`a query string in contexts.nextjs.request_path ${path}`);
    for (const breadcrumb of event.breadcrumbs ?? []) {
      for (const key of ['url', 'from', 'to']) {
        if (hasQuery(breadcrumb.data?.[key])) problems.push(`a query string in a ${breadcrumb.category ?? ''} breadcrumb's ${key}: ${breadcrumb.data![key]}`);
      }
    }
  }
  return problems;
}
