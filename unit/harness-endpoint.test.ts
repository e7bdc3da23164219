import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchIngestState } from '../worker/reports';

/**
 * A server that, like Next's as it ends an idle kept-alive connection, never answers a second
 * request on a connection: the socket is gone as the request arrives ("other side closed").
 */
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const socket = request.socket as typeof request.socket & { answered?: boolean };
    if (socket.answered) return void socket.destroy();
    socket.answered = true;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ arrived: 0 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a check's requests to the harness server", () => {
  it('each go on a connection of their own, never one the server may have closed as idle', async () => {
    const endpoints = { url, secret: 's' };
    const claim = { marker: 'm', messages: [], digests: [] };
    // Node's fetch reused a kept-alive connection from the third request on, here: four make a reuse certain.
    for (let request = 0; request < 4; request++) expect(await fetchIngestState(endpoints, claim)).toEqual({ arrived: 0 });
  });
});
