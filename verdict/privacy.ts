import { isIP } from 'node:net';
import type { ErrorEvent } from '@sentry/core';

/** Request headers whose only purpose is to name the client's address. */
const CLIENT_ADDRESS_HEADERS = /^(x-forwarded-for|x-real-ip|forwarded|cf-connecting-ip|true-client-ip|x-client-ip|x-cluster-client-ip|fastly-client-ip)$/i;
/** Headers that name the server the browser asked for: an address there is the app's, not the user's. */
const HOST_HEADERS = /^(host|x-forwarded-host|:authority)$/i;

/** Whether a header value holds an IP address anywhere (`1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]:80`, `for=…`). */
function holdsAddress(value: string): boolean {
  return value.split(/[\s,;"=]+/).some((token) => {
    const bare = token.replace(/^\[([^\]]+)\](:\d+)?$/, '$1').replace(/^(\d{1,3}(\.\d{1,3}){3}):\d+$/, '$1');
    return isIP(bare) !== 0;
  });
}

/**
 * What a report carries that identifies the user, whatever the app's scrub removed: the client's
 * address (by header name, or any header value that is an IP address), `user.ip_address`.
 */
export function privacyProblems(events: readonly ErrorEvent[]): string[] {
  const problems: string[] = [];
  for (const event of events) {
    if (event.user?.ip_address) problems.push(`user.ip_address ${event.user.ip_address}`);
    for (const [name, value] of Object.entries(event.request?.headers ?? {})) {
      if (HOST_HEADERS.test(name)) continue;
      if (CLIENT_ADDRESS_HEADERS.test(name) || holdsAddress(String(value))) problems.push(`request header ${name}: ${value}`);
    }
  }
  return problems;
}
