import { describe, expect, it } from 'vitest';
import { browserCalls, browserFaultAction, browserFaultHandler, type FaultableRoute } from '../audit/kinds/routes/worker/browser';
import { BACKEND_500 } from '../audit/kinds/routes/protocol';

const APP = 'http://localhost:41234';

describe("the page's calls to backends", () => {
  it("counts the page's data requests to other origins, loopback ones too, and nothing of the app's, its assets or its reports", () => {
    const calls = browserCalls(
      [
        { url: `${APP}/dashboard`, method: 'GET', resourceType: 'document' },
        { url: `${APP}/_next/static/chunks/app.js`, method: 'GET', resourceType: 'script' },
        { url: `${APP}/api/items`, method: 'GET', resourceType: 'fetch' },
        { url: 'http://localhost:8000/v1/items?page=2', method: 'GET', resourceType: 'fetch' },
        { url: 'https://api.example.com/graphql', method: 'POST', resourceType: 'xhr' },
        { url: 'wss://live.example.com/socket', method: 'GET', resourceType: 'websocket' },
        { url: 'https://fonts.gstatic.com/s/geist.woff2', method: 'GET', resourceType: 'font' },
        { url: 'https://o1.ingest.sentry.io/api/1/envelope/?sentry_key=x', method: 'POST', resourceType: 'fetch' },
        { url: 'data:application/json,{}', method: 'GET', resourceType: 'fetch' },
      ],
      APP,
    );
    expect(calls).toEqual([
      { backend: 'localhost:8000', method: 'GET', path: '/v1/items' },
      { backend: 'api.example.com:443', method: 'POST', path: '/graphql' },
      { backend: 'live.example.com:443', method: 'GET', path: '/socket' },
    ]);
  });

  it("leaves out what the page sends to the app's Sentry tunnel on another origin (sentry-streaming-cache's localhost:3031): a report, not a backend", () => {
    const sends = [
      { url: 'http://localhost:3031/', method: 'POST', resourceType: 'fetch' },
      { url: 'http://localhost:3031/users', method: 'GET', resourceType: 'fetch' },
    ];
    expect(browserCalls(sends, APP, ['http://localhost:3031'])).toEqual([{ backend: 'localhost:3031', method: 'GET', path: '/users' }]);
    expect(browserCalls(sends, APP)).toHaveLength(2);
  });
});

describe('a fault in the browser, for the ordered backend alone', () => {
  const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers });

  it('refuses, answers 500 (readable across origins) or holds what goes to the ordered backend; lets anything else go on', () => {
    const backend = 'localhost:8000';
    expect(browserFaultAction(request('http://localhost:8000/v1/items'), { fault: 'refused', backend })).toEqual({
      kind: 'abort',
      errorCode: 'connectionrefused',
    });
    expect(browserFaultAction(request('http://localhost:8000/v1/items', { origin: APP }), { fault: '500', backend })).toEqual({
      kind: 'fulfill',
      status: 500,
      contentType: 'application/json',
      body: BACKEND_500.body,
      headers: { 'access-control-allow-origin': APP, 'access-control-allow-credentials': 'true' },
    });
    expect(browserFaultAction(request('http://localhost:8000/v1/items'), { fault: 'hang', backend, limitMs: 5000 })).toEqual({ kind: 'hold', limitMs: 5000 });
    expect(browserFaultAction(request('http://localhost:8001/v1/items'), { fault: 'refused', backend })).toEqual({ kind: 'fallback' });
    expect(browserFaultAction(request(`${APP}/api/items`), { fault: 'refused', backend })).toEqual({ kind: 'fallback' });
  });

  it('holds a request until the page is done, then lets it go as a timed-out connection', async () => {
    const said: string[] = [];
    let done!: () => void;
    const released = new Promise<void>((resolve) => (done = resolve));
    const route: FaultableRoute = {
      request: () => ({ url: () => 'https://api.example.com/slow', headers: () => ({}) }),
      abort: async (code) => void said.push(`abort ${code}`),
      fulfill: async () => void said.push('fulfill'),
      fallback: async () => void said.push('fallback'),
    };
    const handled = browserFaultHandler({ fault: 'hang', backend: 'api.example.com:443' }, released)(route);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(said).toEqual([]);
    done();
    await handled;
    expect(said).toEqual(['abort timedout']);
  });
});
