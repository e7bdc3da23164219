import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { holdOutput } from '../cli/held-output';

/** A child that writes to both streams, then waits for a line on stdin before its last words. */
function talkative() {
  return spawn(
    process.execPath,
    [
      '-e',
      "process.stdout.write('out 1\\n'); process.stderr.write('err 1\\n'); process.stdin.once('data', () => { process.stdout.write('out 2\\n'); process.exit(0); });",
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

const sink = () => {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => (text += String(chunk)));
  return { stream, text: () => text };
};

const firstOutput = (child: ReturnType<typeof talkative>) =>
  Promise.all([child.stdout, child.stderr].map((stream) => new Promise((resolve) => stream.once('data', resolve))));

describe("holdOutput: the Playwright runner's output waits for the browser's proof", () => {
  it('holds everything until released, then passes it through in order, and what comes after', async () => {
    const [out, err] = [sink(), sink()];
    const child = talkative();
    const held = holdOutput(child, { stdout: out.stream, stderr: err.stream });
    await firstOutput(child);
    expect(out.text() + err.text()).toBe('');
    held.release();
    expect(out.text()).toBe('out 1\n');
    expect(err.text()).toBe('err 1\n');
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.stdin.write('go\n');
    await closed;
    expect(out.text()).toBe('out 1\nout 2\n');
  });

  it("shows nothing of a runner that is dropped (the browser failed its proof: one line, faultline's own)", async () => {
    const [out, err] = [sink(), sink()];
    const child = talkative();
    const held = holdOutput(child, { stdout: out.stream, stderr: err.stream });
    await firstOutput(child);
    held.drop();
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.stdin.write('go\n');
    await closed;
    expect(out.text() + err.text()).toBe('');
  });
});
