import type { ChildProcess } from 'node:child_process';

/**
 * A child's output (piped) held back until `release()`, then passed through as it comes; or never
 * shown, after `drop()`. `faultline run` starts Playwright's runner while the browser is still
 * being proven: a browser that fails its proof must leave one line, faultline's own.
 */
export function holdOutput(
  child: ChildProcess,
  to: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process,
): { release(): void; drop(): void } {
  let state: 'held' | 'passing' | 'dropped' = 'held';
  const held: [NodeJS.WritableStream, Buffer][] = [];
  for (const [from, target] of [
    [child.stdout, to.stdout],
    [child.stderr, to.stderr],
  ] as const) {
    from?.on('data', (chunk: Buffer) => {
      if (state === 'held') held.push([target, chunk]);
      else if (state === 'passing') target.write(chunk);
    });
  }
  return {
    release() {
      state = 'passing';
      for (const [target, chunk] of held.splice(0)) target.write(chunk);
    },
    drop() {
      state = 'dropped';
      held.length = 0;
    },
  };
}
