import { readFileSync } from 'node:fs';
import { buildFailures } from '../scenarios/build-failures';
import { expect, test } from '../worker/test';
import { faultline, OWN_SERVER } from './run-cli';

test("the catalogue's build-time entries, replayed as a user would: each stops next build of its route alone, as pinned, and says where", async () => {
  // One build after another: they share the build's folder, and each takes both cores (13 to 16 s here).
  test.setTimeout(300_000);
  for (const entry of buildFailures) {
    const { code, stdout, stderr } = await faultline(['repro', entry.id, '--cache-components', '--json'], OWN_SERVER);
    expect(stderr.trim(), entry.id).toBe(`Building ${entry.path} alone (next build --debug-build-paths), where it stops the build…`);
    const result = JSON.parse(stdout) as { build: { exit: number; said: string[]; log: string }; verdict: { reproduced: boolean; reasons: string[] } };
    expect(result.verdict, entry.id).toEqual({ reproduced: true, reasons: [] });
    expect(result.build.exit).toBe(1);
    expect(
      result.build.said.some((line) => line.includes(`"${entry.path}"`)),
      'the route it stopped at',
    ).toBe(true);
    expect(readFileSync(result.build.log, 'utf8')).toContain(entry.expect.prints.at(-1));
    expect(code).toBe(0);
  }
});
