import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ENV } from '../contract';
import { faultlineRoot } from '../harness/root';
import { copyProject } from '../harness/project-copy';
import { inspectApp } from '../audit/app/inspect';
import { auditWorkspace } from '../audit/workspace';
import type { ConformanceReport } from '../verdict/report';
import { findScenario } from '../scenarios/catalogue';
import { expect, test } from '../worker/test';
import { processesWith } from './processes';
import { faultline, OWN_SERVER, outDir, startFaultline } from './run-cli';

/**
 * Exit 1 means the app deviates, nothing else: every broken part faultline meets (a browser, a disk,
 * a build, a target, its own input) stops the command with exit 2 and one line naming that part,
 * never a stack trace, and faultline never deletes what it was given.
 */
test.describe.configure({ timeout: 120_000 });

/** One line on stderr, naming the cause; never a stack. */
function expectOneLine(stderr: string, message: RegExp) {
  expect(stderr).toMatch(message);
  expect(stderr, 'no stack trace').not.toMatch(/^\s+at /m);
}

const aFile = () => {
  const file = join(outDir(), 'not-a-folder');
  writeFileSync(file, 'mine');
  return file;
};

/** A shard folder with a report.json and a blob that is only the start of a zip (an upload cut off). */
const cutOffShard = () => {
  const dir = outDir();
  mkdirSync(join(dir, 'blob'));
  writeFileSync(join(dir, 'blob', 'report-1.zip'), Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)]));
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ run: { planned: 1, shard: null, selection: 's', errors: [], status: 'passed' } }));
  return dir;
};

/** 5,000 entries with the same id: every problem is counted, twenty are shown. */
const duplicatedCatalogue = () => {
  const file = join(outDir(), 'catalogue.json');
  const healthy = findScenario('healthy');
  writeFileSync(file, JSON.stringify(Array.from({ length: 5_000 }, () => healthy)));
  return file;
};

for (const [why, args, env, message] of [
  [
    '--out naming a file',
    () => ['run', '--scenario', 'healthy', '--out', aFile()],
    {},
    /^faultline: --out \S+ is a file, not a folder; give a new or empty folder$/m,
  ],
  [
    '--out inside a file',
    () => ['run', '--scenario', 'healthy', '--out', join(aFile(), 'out')],
    {},
    /^faultline: the disk: cannot mkdir \S+: a part of the path is a file, not a folder \(ENOTDIR\)$/m,
  ],
  [
    'a browser that cannot start',
    () => ['run', '--scenario', 'healthy'],
    { [ENV.chromium]: '/bin/false' },
    /^faultline: the browser: Chromium at \/bin\/false does not start \(/m,
  ],
  [
    'a browser that is a folder',
    () => ['run', '--scenario', 'healthy'],
    { [ENV.chromium]: '/tmp' },
    new RegExp(`^faultline: the browser: No Chromium found \\(${ENV.chromium}=/tmp is not a file\\)`, 'm'),
  ],
  [
    'faultline browser on a binary that is no browser',
    () => ['browser'],
    { [ENV.chromium]: '/bin/false' },
    /^faultline: the browser: Chromium at \/bin\/false does not start \(/m,
  ],
  [
    'repro with a browser that cannot start',
    () => ['repro', 'healthy'],
    { ...OWN_SERVER, [ENV.chromium]: '/bin/false' },
    /^faultline: the browser: Chromium at \/bin\/false does not start/m,
  ],
  [
    'repro --path to another host',
    () => ['repro', '--path', '//example.com/x'],
    {},
    /^faultline: Bad --path "\/\/example\.com\/x": must stay on the app's origin \(no \/\/host\)$/m,
  ],
  [
    'repro --path to another host through a backslash',
    () => ['repro', '--path', '/\\example.com/x'],
    {},
    /^faultline: Bad --path "\/\\\\example\.com\/x": must be an absolute path without query, fragment, space or backslash$/m,
  ],
  [
    'a merge of a blob cut off on upload',
    () => ['merge', cutOffShard()],
    {},
    /^faultline: \S+\.zip is not a blob report \(a zip file cut off: it has no end record\): the shard's upload may be incomplete$/m,
  ],
  [
    'an id with an invisible character',
    () => ['run', '--scenario', 'server\u200b-page-throws'],
    {},
    /^faultline: Unknown scenario "server\\u\{200B\}-page-throws" \(it holds a character the terminal does not show\)\. Did you mean: server-page-throws,/m,
  ],
  [
    `${ENV.workers}=0`,
    () => ['run', '--scenario', 'healthy'],
    { [ENV.workers]: '0' },
    new RegExp(`^faultline: Bad ${ENV.workers} "0": a whole number from 1 to 16$`, 'm'),
  ],
  [
    `${ENV.workers}=abc`,
    () => ['run', '--scenario', 'healthy'],
    { [ENV.workers]: 'abc' },
    new RegExp(`^faultline: Bad ${ENV.workers} "abc": a whole number from 1 to 16$`, 'm'),
  ],
  [
    '--grep followed by another option',
    () => ['run', '--grep', '--scenario', 'healthy'],
    {},
    /^faultline: --grep needs a value, and the next argument is another option; to give a value that starts with a dash, write --grep=-value$/m,
  ],
] as const) {
  test(`${why} gives one line naming the cause and exit 2`, async () => {
    const { code, stderr } = await faultline([...args()], env);
    expectOneLine(stderr, message);
    // Only that line of faultline's (a progress line may come before it): a second one (a server
    // stopped before it served, reported as faultline's own crash) would bury it.
    expect(
      stderr.split('\n').filter((line) => line.startsWith('faultline:')),
      'one line',
    ).toHaveLength(1);
    expect(code).toBe(2);
  });
}

/** The least a folder needs to be audited as a Next.js app: a manifest, an installed `next`, a root layout and a page. Nothing that would build. */
function aBareApp(): string {
  const app = outDir();
  for (const [file, text] of [
    ['package.json', JSON.stringify({ name: 'bare-app', dependencies: { next: '16.4.5' } })],
    ['node_modules/next/package.json', JSON.stringify({ name: 'next', version: '16.4.5' })],
    ['app/layout.tsx', 'export default function Layout({ children }) { return <html><body>{children}</body></html>; }\n'],
    ['app/page.tsx', 'export default function Home() { return <main />; }\n'],
  ]) {
    mkdirSync(join(app, file, '..'), { recursive: true });
    writeFileSync(join(app, file), text);
  }
  return app;
}

test('an audit on a machine without Chromium stops before it copies or builds anything: one line naming the browser, exit 2', async () => {
  const app = aBareApp();
  const { code, stderr } = await faultline(['audit', app, '--out', outDir()], { [ENV.chromium]: join(app, 'no-chromium-here') });
  expectOneLine(stderr, new RegExp(`^faultline: the browser: No Chromium found \\(${ENV.chromium}=\\S+ does not exist\\)`, 'm'));
  expect(code).toBe(2);
  expect(existsSync(auditWorkspace(inspectApp(app))), 'no copy of the app').toBe(false);
});

test('an audit with a browser that is there but cannot start stops before it builds anything: one line naming the browser, exit 2', async () => {
  const app = aBareApp();
  const { code, stderr } = await faultline(['audit', app, '--out', outDir()], { [ENV.chromium]: '/bin/false' });
  expectOneLine(stderr, /^faultline: the browser: Chromium at \/bin\/false does not start \(/m);
  expect(code).toBe(2);
  expect(existsSync(join(auditWorkspace(inspectApp(app)), '.next')), 'nothing built').toBe(false);
});

test('a catalogue of 5,000 duplicate ids is one error with twenty problems shown and the rest counted', async () => {
  const { code, stderr } = await faultline(['run', '--catalogue', duplicatedCatalogue()]);
  expectOneLine(stderr, /^faultline: The scenario catalogue is malformed \(4999 problems\):$/m);
  expect(stderr).toMatch(/^ {2}… and 4979 more problems$/m);
  expect(stderr.trim().split('\n').length).toBeLessThanOrEqual(22);
  expect(code).toBe(2);
});

test('--out on a read-only file system names the disk, not the app', async () => {
  const mount = join(outDir(), 'read-only');
  mkdirSync(mount);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', mount], { stdio: 'ignore' });
  } catch {
    test.skip(true, 'mounting a read-only file system needs root');
  }
  try {
    const { code, stderr } = await faultline(['run', '--scenario', 'healthy', '--out', join(mount, 'out')]);
    expectOneLine(stderr, /^faultline: the disk: cannot mkdir \S+: the file system is read-only \(EROFS\)$/m);
    expect(code).toBe(2);
  } finally {
    execFileSync('umount', [mount]);
  }
});

test('merge --out through a symlink to a shard is refused, and the shard is untouched', async () => {
  const shard = shardWithEmptyBlob();
  const link = join(outDir(), 'link');
  symlinkSync(shard, link);
  const { code, stderr } = await faultline(['merge', shard, '--out', link]);
  expectOneLine(stderr, /^faultline: --out \S+ is one of the folders to merge \(\S+, through \S+\); pick another \(nothing was deleted\)$/m);
  expect(code).toBe(2);
  expect(readdirSync(join(shard, 'blob')), 'the shard keeps its blob').toEqual(['report-1.zip']);
});

/** A shard folder whose blob is a whole (empty) zip. */
function shardWithEmptyBlob() {
  const dir = outDir();
  mkdirSync(join(dir, 'blob'));
  // An empty zip: its end record alone.
  writeFileSync(join(dir, 'blob', 'report-1.zip'), Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]));
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ run: { planned: 1, shard: null, selection: 's', errors: [], status: 'passed' } }));
  return dir;
}

/** A target faultline did not write, on loopback, answering each request with `answer`. */
async function target(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

test('a target that answers every page empty stops the run before any check, naming the target', async () => {
  const { url, server } = await target((_request, response) => response.end());
  try {
    const started = Date.now();
    const { code, stderr } = await faultline(['run', '--base-url', url, '--out', outDir()]);
    expectOneLine(
      stderr,
      /^faultline: the target: http:\/\/127\.0\.0\.1:\d+\/scenarios\/healthy \(the catalogue's control page\) answered HTTP 200 with an empty body; is http:\/\/127\.0\.0\.1:\d+ a faultline app\?$/m,
    );
    expect(code).toBe(2);
    expect(Date.now() - started, 'it stops at once, not after a timeout per check').toBeLessThan(20_000);
  } finally {
    server.close();
  }
});

test('a target that hangs on every path but / stops the run after one wait that names what it waited for', async () => {
  const { url, server } = await target((request, response) => {
    if (request.url === '/') response.end('<html><body>home</body></html>');
    // Every other request is held open.
  });
  try {
    const { code, stderr } = await faultline(['run', '--base-url', url, '--out', outDir()]);
    expectOneLine(
      stderr,
      /^faultline: the target: http:\/\/127\.0\.0\.1:\d+\/scenarios\/healthy \(the catalogue's control page\) cannot be loaded: no answer within 10 s; /m,
    );
    expect(code).toBe(2);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('a worker that cannot load the target stops the run naming the target, not the browser', async () => {
  // The control page answers; the home page every worker loads first redirects to itself forever.
  const { url, server } = await target((request, response) => {
    if (request.url === '/') response.writeHead(302, { location: '/' }).end();
    else response.end('<html><body><p>Healthy page</p></body></html>');
  });
  try {
    const out = outDir();
    const { code, stderr } = await faultline(['run', '--base-url', url, '--scenario', 'healthy', '--out', out]);
    expectOneLine(stderr, /^faultline: the target: worker \d+ could not load http:\/\/127\.0\.0\.1:\d+\/ \(page\.goto: net::ERR_TOO_MANY_REDIRECTS/m);
    expect(stderr).not.toMatch(/Chromium/);
    expect(code).toBe(2);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
    expect(report.run.errors[0]).toMatch(/^the target: worker \d+ could not load /);
    expect(report.counts.failed, 'no check is counted as a deviation').toBe(0);
  } finally {
    server.close();
  }
});

test('checks that all fail the same way before a verdict stop the run with that reason, as not judged', async () => {
  // The control page answers; every scenario page is held open, so each check waits for its page and fails the same way.
  const { url, server } = await target((request, response) => {
    if (request.url === '/' || request.url === '/scenarios/healthy') response.end('<html><body><p>Healthy page</p></body></html>');
  });
  try {
    const out = outDir();
    const { code, stderr } = await faultline([
      'run',
      '--base-url',
      url,
      '--scenario',
      'server-page-throws',
      '--scenario',
      'client-effect-throws',
      '--workers',
      '2',
      '--out',
      out,
    ]);
    expectOneLine(
      stderr,
      /^faultline: every check fails the same way before it can be judged, so the run stopped: Error: the app did not answer \/scenarios\/[a-z-]+ within 15 s$/m,
    );
    expect(code).toBe(2);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
    expect(report.counts.failed, 'no check is counted as a deviation').toBe(0);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test.describe('a copy of the project', () => {
  // One copy, in one worker: each rebuild after the first takes the copy's own build cache (half the time of a cold one).
  test.describe.configure({ mode: 'default', timeout: 240_000 });
  const copy = join(faultlineRoot, '.faultline', `broken-${process.pid}`);
  test.beforeAll(() => copyProject(faultlineRoot, copy, { withBuild: true }));
  test.afterAll(() => rmSync(copy, { recursive: true, force: true }));

  test('a damaged build is rebuilt, with one line saying why, and is never tested as the app', async () => {
    // The stamp cut off (a full disk while it was written).
    const stamp = join(copy, '.next', 'faultline-build.json');
    truncateSync(stamp, 10);
    const afterStamp = await faultline(['run', '--scenario', 'healthy', '--out', outDir()], OWN_SERVER, { cwd: copy });
    expect(afterStamp.stdout).toMatch(/^faultline: \.next\/faultline-build\.json is unreadable \(cut off\?\): building again$/m);
    expect(afterStamp.code).toBe(0);
  });

  test("two runs started at once on a damaged build build once: the first says why it builds, the second waits for the first one's build, says so, and goes on", async () => {
    // A chunk cut off (a bad copy): the fingerprint of the sources still matches.
    const chunks = join(copy, '.next', 'static', 'chunks');
    const chunk = readdirSync(chunks).find((name) => name.endsWith('.js'))!;
    truncateSync(join(chunks, chunk), 100);
    const run = () => faultline(['run', '--scenario', 'server-page-throws', '--out', outDir()], OWN_SERVER, { cwd: copy });
    const [first, second] = await Promise.all([run(), run()]);
    expect([first.code, second.code], [first, second].map((said) => said.stderr.trim().split('\n').at(-1)).join('\n')).toEqual([0, 0]);
    const outputs = [first.stdout, second.stdout];
    const damaged = new RegExp(
      `^faultline: the build in \\.next is damaged: 1 file differs from what the build wrote \\(\\.next/static/chunks/${chunk.replace(/\./g, '\\.')} changed\\); building again$`,
      'm',
    );
    expect(
      outputs.filter((stdout) => damaged.test(stdout) && stdout.includes('Building the app (next build)…')),
      'one build, saying why',
    ).toHaveLength(1);
    expect(
      outputs.filter((stdout) => /^faultline: waiting for the build another faultline \(pid \d+\) is making of this app…$/m.test(stdout)),
      'the other waited, and said so',
    ).toHaveLength(1);
  });

  test('Ctrl-C during the build stops it at once: one line, exit 130, no next build left', async () => {
    // A source changed: the run must build first.
    const page = join(copy, 'app', '(site)', 'page.tsx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n// changed ${randomUUID()}\n`);
    const tag = randomUUID();
    const {
      child: run,
      output,
      exited,
    } = startFaultline(['run', '--scenario', 'healthy', '--out', outDir()], {
      cwd: copy,
      bin: join(copy, 'bin/faultline.mjs'),
      env: { ...process.env, ...OWN_SERVER, [ENV.testTag]: tag } as NodeJS.ProcessEnv,
    });
    await expect.poll(() => output.stdout, { timeout: 60_000, message: 'the run starts building' }).toMatch(/^Building the app \(next build\)…$/m);
    await expect.poll(() => processesWith(tag).some(({ command }) => /next\/dist\/bin\/next build/.test(command)), { message: 'next build runs' }).toBe(true);
    run.kill('SIGINT');
    expect(await exited).toBe(130);
    expectOneLine(output.stderr, /^faultline: stopped by SIGINT during the build; what it started was wound down$/m);
    // Processes sent SIGKILL or SIGTERM as the run ended are gone within moments, not at the instant it exits.
    await expect.poll(() => processesWith(tag), { timeout: 5_000, message: 'nothing of the build or the runner is left' }).toEqual([]);
    expect(existsSync(join(copy, '.faultline', 'build.lock')), 'the build lock is released').toBe(false);
  });
});
