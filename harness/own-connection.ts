import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface Answer {
  status: number;
  /** The `location` header, where there is one. */
  location: string | null;
  body: string;
}

/**
 * A request to a server faultline started, on a connection of its own. Node's fetch keeps
 * connections alive, and a server may close one as idle just as a request goes out on it ("other
 * side closed", seen on CI); what faultline asks such a server (a check's claim, a flush) is not a
 * request to send twice, so none is sent on a connection the server may be closing.
 */
export function requestOnItsOwnConnection(
  url: string | URL,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, { method, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
