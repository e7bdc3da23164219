import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blamePlacedFiles } from '../audit/build';
import { describeFailure } from '../cli/failure';
import { refuseInputs } from '../outputs/out-dir';
import { visible } from '../cli/select';
import { buildFailureCause } from '../harness/build';
import { BrowserBrokenError } from '../harness/chromium';
import { ENV } from '../contract';
import { CannotRun, UsageError } from '../harness/failures';
import { holdLock } from '../harness/lock';
import { portFrom, workersFrom } from '../harness/settings';
import { CatalogueError } from '../scenarios/schema';
import { sameFailureBeforeJudging } from '../verdict/report';

const temp = () => mkdtempSync(join(tmpdir(), 'faultline-unit-'));

describe('describeFailure: one line naming the part that failed', () => {
  it('says bad usage as it is, and any other part by name', () => {
    expect(describeFailure(new UsageError('Bad --port "x"')).line).toBe('Bad --port "x"');
    expect(describeFailure(new CannotRun('build', 'next build failed (exit 1)')).line).toBe('the build: next build failed (exit 1)');
    expect(describeFailure(new BrowserBrokenError('Chromium at /bin/false does not start (Browser closed.)')).line).toBe(
      'the browser: Chromium at /bin/false does not start (Browser closed.)',
    );
  });

  it("says why a build failed in Next's own words, with where, on one line", () => {
    const turbopack = [
      '   Creating an optimized production build ...',
      '',
      '> Build error occurred',
      'Error: Turbopack build failed with 1 error:',
      './app/page.tsx:1:52',
      'Error: Unterminated regexp literal',
      '> 1 | export default function Page() { return <div>{oops</div>; }',
      '    |                                                    ^^^^^^^^',
      '  2 |',
      '',
      'Parsing ecmascript source code failed',
      '',
      '    at ignore-listed frames',
    ].join('\n');
    expect(buildFailureCause(turbopack)).toBe('Error: Turbopack build failed with 1 error: ./app/page.tsx:1:52 Error: Unterminated regexp literal');
    const typeError = ['Failed to compile.', '', './app/page.tsx:3:7', "Type error: Type 'number' is not assignable to type 'string'.", '', '  1 | …'].join(
      '\n',
    );
    expect(buildFailureCause(typeError)).toBe("./app/page.tsx:3:7 Type error: Type 'number' is not assignable to type 'string'.");
    expect(buildFailureCause('')).toBe('no output');
  });

  it("names the file ESLint's error is in, as Next 15's build prints it, so a placed file's is blamed on faultline", () => {
    // next build of next 15.5.29 whose app lints with typescript-eslint's recommended rules (issue #84, defect 1).
    const lint = [
      '   ▲ Next.js 15.5.29',
      '   Creating an optimized production build ...',
      ' ✓ Compiled successfully in 11.1s',
      '   Linting and checking validity of types ...',
      '',
      'Failed to compile.',
      '',
      './app/faultline-audit/_throwers/actions.js',
      '1:1  Error: Do not use "@ts-nocheck" because it alters compilation errors.  @typescript-eslint/ban-ts-comment',
      '2:1  Warning: Unused eslint-disable directive (no problems were reported).',
      '',
      'info  - Need to disable some ESLint rules? Learn more here: https://nextjs.org/docs/app/api-reference/config/eslint#disabling-rules',
    ].join('\n');
    const cause = buildFailureCause(lint);
    expect(cause).toBe(
      './app/faultline-audit/_throwers/actions.js 1:1  Error: Do not use "@ts-nocheck" because it alters compilation errors.  @typescript-eslint/ban-ts-comment',
    );
    expect(() => blamePlacedFiles(new CannotRun('build', `next build failed (exit 1): ${cause}; its log: /l`))).toThrow(
      expect.objectContaining({ part: 'placed failures' }),
    );
    // A type error is printed below its place too: in a placed file, faultline's as well.
    const typed = buildFailureCause(['Failed to compile.', '', './app/faultline-audit/_throwers/a.js:3:7', 'Type error: Cannot find name x.'].join('\n'));
    expect(() => blamePlacedFiles(new CannotRun('build', `next build failed (exit 1): ${typed}; its log: /l`))).toThrow(
      expect.objectContaining({ part: 'placed failures' }),
    );
  });

  it("names the error a page's prerendering met, not only the page", () => {
    const prerender = [
      '  Generating static pages using 1 worker (0/103) ...',
      'Error occurred prerendering page "/en/faultline-audit/after-callback-throws". Read more: https://nextjs.org/docs/messages/prerender-error',
      "Error: Couldn't find next-intl config file. Please follow the instructions at https://next-intl.dev/docs/getting-started/app-router",
      '    at ignore-listed frames {',
      "  digest: '3351965184'",
      '}',
    ].join('\n');
    expect(buildFailureCause(prerender)).toBe(
      'Error occurred prerendering page "/en/faultline-audit/after-callback-throws": Error: Couldn\'t find next-intl ' +
        'config file. Please follow the instructions at https://next-intl.dev/docs/getting-started/app-router',
    );
  });

  it("blames faultline for a build error in a file it placed, and the app for one beneath a page it placed (the app's layouts, its config)", () => {
    const blame = (message: string) => {
      try {
        blamePlacedFiles(new CannotRun('build', message));
      } catch (error) {
        return describeFailure(error).line;
      }
    };
    expect(blame('next build failed (exit 1): ./app/faultline-audit/x/page.jsx:2:14 Route segment config "dynamic" is not compatible; its log: /l')).toBe(
      "the placed failures: what faultline placed in the app does not build there, which is faultline's to fix, not " +
        'the app\'s: ./app/faultline-audit/x/page.jsx:2:14 Route segment config "dynamic" is not compatible; its log: ' +
        '/l',
    );
    expect(
      blame('next build failed (exit 1): Error occurred prerendering page "/en/faultline-audit/x": Error: Couldn\'t find next-intl config file; its log: /l'),
    ).toBe(
      'the build: next build failed (exit 1): Error occurred prerendering page "/en/faultline-audit/x": Error: ' +
        "Couldn't find next-intl config file (a page faultline placed, failing in what the app renders around every " +
        'page: its layouts, providers or config); its log: /l',
    );
    // Cache Components refuses a placed page's request-time data outside <Suspense>: faultline placed it so.
    const uncached = 'Error: Route "/faultline-audit/server-page-throws": Next.js encountered uncached or runtime data during prerendering.';
    expect(blame(`next build failed (exit 1): ${uncached}; its log: /l`)).toBe(
      `the placed failures: what faultline placed in the app does not build there, which is faultline's to fix, not the app's: ${uncached}; its log: /l`,
    );
    expect(blame('next build failed (exit 1): ./app/page.tsx:1:52 Error: Unterminated regexp literal; its log: /l')).toBe(
      'the build: next build failed (exit 1): ./app/page.tsx:1:52 Error: Unterminated regexp literal; its log: /l',
    );
  });

  it('caps a catalogue of thousands of problems at twenty lines and a count', () => {
    const line = describeFailure(new CatalogueError(Array.from({ length: 5_000 }, (_, i) => `entry #${i}: id: duplicate id`))).line;
    expect(line.split('\n')).toHaveLength(22);
    expect(line).toMatch(/^The scenario catalogue is malformed \(5000 problems\):/);
    expect(line.split('\n').at(-1)).toBe('  … and 4980 more problems');
  });

  it("names the disk for the disk's refusals", () => {
    const error = Object.assign(new Error("EROFS: read-only file system, mkdir '/ro/out'"), { code: 'EROFS', syscall: 'mkdir', path: '/ro/out' });
    expect(describeFailure(error).line).toBe('the disk: cannot mkdir /ro/out: the file system is read-only (EROFS)');
  });

  it('writes the stack of anything else to a file and names it, never on the terminal', () => {
    const dir = temp();
    const { line, detail } = describeFailure(new TypeError("Cannot read properties of undefined (reading 'x')"), dir);
    expect(line).toMatch(
      new RegExp(
        `^faultline itself failed \\(TypeError: Cannot read properties of undefined \\(reading 'x'\\)\\); the details are in ${dir}/faultline-crash-\\d+-\\d+\\.log$`,
      ),
    );
    expect(readFileSync(detail!, 'utf8')).toMatch(/^TypeError: .*\n\s+at /);
  });
});

describe('settings from the environment follow the rules of their flags', () => {
  it('refuses the worker count and port variables --workers and --port would refuse', () => {
    expect(workersFrom({})).toBe(2);
    expect(workersFrom({ [ENV.workers]: '3' })).toBe(3);
    for (const value of ['0', 'abc', '17', '-1'])
      expect(() => workersFrom({ [ENV.workers]: value })).toThrow(`Bad ${ENV.workers} "${value}": a whole number from 1 to 16`);
    expect(portFrom({})).toBeUndefined();
    expect(() => portFrom({ [ENV.port]: 'abc' })).toThrow(`Bad ${ENV.port} "abc": a whole number from 1 to 65535`);
    expect(() => portFrom({ [ENV.port]: '6000' })).toThrow(/ERR_UNSAFE_PORT/);
  });
});

describe('an id is echoed as a reader can compare it', () => {
  it('writes invisible characters out', () => {
    expect(visible('server\u200b-page-throws')).toBe('server\\u{200B}-page-throws');
    expect(visible('healthy')).toBe('healthy');
  });
});

describe('refuseInputs: never an output folder that is an input', () => {
  it('compares real paths, through symlinks, and refuses a folder inside or around an input', () => {
    const dir = temp();
    const shard = join(dir, 'shard');
    mkdirSync(shard);
    symlinkSync(shard, join(dir, 'link'));
    expect(() => refuseInputs(join(dir, 'link'), [shard])).toThrow(/is one of the folders to merge/);
    expect(() => refuseInputs(join(dir, 'link', 'sub'), [shard])).toThrow(/is inside one of the folders to merge/);
    expect(() => refuseInputs(dir, [shard])).toThrow(/is around one of the folders to merge/);
    expect(() => refuseInputs(join(dir, 'merged'), [shard])).not.toThrow();
  });
});

describe('holdLock: one build per app at a time', () => {
  it('waits for a live holder, and takes over the lock of a holder that is gone', async () => {
    const file = join(temp(), 'build.lock');
    const first = await holdLock(file);
    let waitedFor: number | undefined;
    const second = holdLock(file, { onWait: (holder) => (waitedFor = holder), pollMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(waitedFor).toBe(process.pid);
    first.release();
    (await second).release();
    expect(existsSync(file)).toBe(false);
    // A holder that died (no such process) left its lock behind.
    writeFileSync(file, '999999999');
    (await holdLock(file)).release();
  });
});

describe('sameFailureBeforeJudging: a run that cannot judge stops', () => {
  const unjudged = (reason: string) => ({ entry: true, outcome: 'failed' as const, verdict: undefined, reasons: [reason] });
  it('finds one reason for the first checks that all failed before a verdict', () => {
    const ended = [unjudged('Error: the app did not answer /scenarios/a within 15 s'), unjudged('Error: the app did not answer /scenarios/b within 15 s')];
    expect(sameFailureBeforeJudging(ended, 2)).toBe('Error: the app did not answer /scenarios/a within 15 s');
    expect(sameFailureBeforeJudging(ended.slice(0, 1), 2), 'too few yet').toBeNull();
  });

  it('never stops a run with a judged check among the first, or different reasons', () => {
    const judged = { entry: true, outcome: 'failed' as const, verdict: {} as never, reasons: ['screen: …'] };
    expect(sameFailureBeforeJudging([unjudged('Error: x'), judged], 2)).toBeNull();
    expect(sameFailureBeforeJudging([unjudged('Error: x'), unjudged('TypeError: y')], 2)).toBeNull();
  });
});
