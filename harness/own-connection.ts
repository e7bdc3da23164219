import { request } from 'node:http';

export interface Answer {
  status: number;
  /** The `location` header, where there is one. */
  location: string | null;
  body: string;
}

/** A server that took the request and did not answer within the time it was given. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
}

/**
 * A request to a server faultline started (on loopback, over HTTP), on a connection of its own.
 * Node's fetch keeps connections alive, and a server may close one as idle just as a request goes
 * out on it ("other side closed"); what faultline asks such a server (a check's claim, a flush) is
 * not a request to send twice, so none is sent on a connection the server may be closing.
 * `timeoutMs`: how long the server may stay silent before the request is given up (`NoAnswer`).
 */
export function requestOnItsOwnConnection(
  url: string | URL,
  { method = 'GET', headers = {}, timeoutMs }: { method?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(new URL(url), { method, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, body }));
      response.on('error', reject);
    });
    if (timeoutMs !== undefined) sent.setTimeout(timeoutMs, () => sent.destroy(new NoAnswer(`no answer within ${timeoutMs / 1000} s`)));
    sent.on('error', reject);
    sent.end();
  });
}
