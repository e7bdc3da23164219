import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../harness/app-server';
import { expect, test } from '../worker/test';

const root = join(import.meta.dirname, '..');

/** A stand-in for any runner (Playwright's main process, the CLI) that starts a harness server. */
const RUNNER = `
const { startHarnessApp } = await import(${JSON.stringify(join(root, 'harness/harness-app.ts'))});
const app = await startHarnessApp({ root: ${JSON.stringify(root)}, port: Number(process.argv[1]) });
console.log('serving ' + app.url);
`;

test('a harness server ends with the process that started it, even one killed with SIGKILL', async () => {
  const port = await freePort();
  const runner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', RUNNER, String(port)], { cwd: root });
  let stdout = '';
  runner.stdout.on('data', (chunk) => (stdout += chunk));
  await expect.poll(() => stdout, { timeout: 60_000 }).toContain(`serving http://localhost:${port}`);

  runner.kill('SIGKILL');
  await expect
    .poll(
      () =>
        fetch(`http://localhost:${port}/scenarios/healthy`).then(
          () => 'still serving',
          () => 'gone',
        ),
      { message: 'the orphaned server stops', timeout: 10_000 },
    )
    .toBe('gone');
});
