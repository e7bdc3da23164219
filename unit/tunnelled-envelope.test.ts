import { describe, expect, it } from 'vitest';
import { tunnelledTo } from '../worker/browser-ingest';

const envelope = (header: string) => Buffer.from(`${header}\n{"type":"event"}\n{"message":"x"}\n`);

describe('an envelope sent through an app’s tunnel route', () => {
  it('is meant for the envelope URL of the DSN its header names', () => {
    expect(tunnelledTo(envelope('{"event_id":"1","dsn":"https://key@o1.ingest.sentry.io/4501"}'))).toBe('https://o1.ingest.sentry.io/api/4501/envelope/');
    expect(tunnelledTo(envelope('{"dsn":"http://key@localhost:9000/3"}'))).toBe('http://localhost:9000/api/3/envelope/');
    // A self-hosted Sentry under a path keeps it: {host}{path}/api/{project}/envelope/.
    expect(tunnelledTo(envelope('{"dsn":"https://key@errors.example.com/sentry/12"}'))).toBe('https://errors.example.com/sentry/api/12/envelope/');
  });

  it('is no envelope at all without a DSN in a JSON header line: an RSC request, a form, a Server Action', () => {
    expect(tunnelledTo(envelope('{"event_id":"1"}'))).toBeNull();
    expect(tunnelledTo(Buffer.from('["$@1",["abc",null]]'))).toBeNull();
    expect(tunnelledTo(Buffer.from('name=value&other=1'))).toBeNull();
    expect(tunnelledTo(envelope('{"dsn":"not a url"}'))).toBeNull();
    expect(tunnelledTo(envelope('{"dsn":"https://key@o1.ingest.sentry.io/"}')), 'a DSN without a project').toBeNull();
  });
});
