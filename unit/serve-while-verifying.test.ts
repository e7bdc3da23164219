import { describe, expect, it } from 'vitest';
import { serveWhileVerifying } from '../harness/harness-app';

/** A server that records what happened to it, in one log shared with the build. */
function fakes() {
  const events: string[] = [];
  let started = 0;
  const start = () => {
    const n = ++started;
    events.push(`start ${n}`);
    let failReady: (error: Error) => void = () => {};
    const ready = new Promise<void>((_, reject) => (failReady = reject));
    return {
      n,
      ready,
      stop: async () => {
        events.push(`stop ${n}`);
        // As a real server's readiness does when it is stopped before it served.
        failReady(new Error(`server ${n} exited before serving`));
      },
    };
  };
  return { events, start };
}

describe('serveWhileVerifying: the server boots while the build is verified', () => {
  it('starts the server on the build there is before the check ends, and keeps it when the build is current', async () => {
    const { events, start } = fakes();
    const { server, build } = await serveWhileVerifying(true, start, async () => {
      events.push('verified');
      return { built: false, ms: 1 };
    });
    expect(events).toEqual(['start 1', 'verified']);
    expect(server.n).toBe(1);
    expect(build.built).toBe(false);
  });

  it('stops that server before a stale build is rebuilt, and serves the new build from a server started after it', async () => {
    const { events, start } = fakes();
    const { server } = await serveWhileVerifying(true, start, async ({ onStale }) => {
      await onStale();
      events.push('built');
      return { built: true, ms: 1 };
    });
    expect(events).toEqual(['start 1', 'stop 1', 'built', 'start 2']);
    expect(server.n).toBe(2);
  });

  it("never keeps the early server once the build was found stale, even when another faultline's build made it current meanwhile", async () => {
    const { events, start } = fakes();
    const { server } = await serveWhileVerifying(true, start, async ({ onStale }) => {
      await onStale();
      events.push('waited for the other build');
      return { built: false, ms: 1 };
    });
    expect(events).toEqual(['start 1', 'stop 1', 'waited for the other build', 'start 2']);
    expect(server.n).toBe(2);
  });

  it("ends what checks the early server (the caller's runner) before stopping it, so no check meets a server that went away", async () => {
    const { events, start } = fakes();
    const { server } = await serveWhileVerifying(
      true,
      start,
      async ({ onStale }) => {
        await onStale();
        events.push('built');
        return { built: true, ms: 1 };
      },
      async () => {
        events.push('runner discarded');
      },
    );
    expect(events).toEqual(['start 1', 'runner discarded', 'stop 1', 'built', 'start 2']);
    expect(server.n).toBe(2);
  });

  it('starts nothing before the check when there is no build to serve', async () => {
    const { events, start } = fakes();
    await serveWhileVerifying(false, start, async ({ onStale }) => {
      await onStale();
      events.push('built');
      return { built: true, ms: 1 };
    });
    expect(events).toEqual(['built', 'start 1']);
  });

  it('stops the early server when the check itself fails', async () => {
    const { events, start } = fakes();
    await expect(serveWhileVerifying(true, start, async () => Promise.reject(new Error('the build failed')))).rejects.toThrow('the build failed');
    expect(events).toEqual(['start 1', 'stop 1']);
  });
});
