import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAuditArgs } from '../cli/audit';
import { parseBrowserArgs, parseListArgs } from '../cli/main';
import { parseMatrixArgs } from '../cli/matrix';
import { parseInitArgs } from '../cli/init/init';
import { parseMergeArgs } from '../cli/merge';
import { COMMAND_NAMES, declaredOptions, parseOptionsOf, usageText, type Command } from '../cli/options';
import { parseReproArgs } from '../cli/repro';
import { parseRunArgs } from '../cli/run';
import { UsageError } from '../cli/usage-error';
import { runFaultline } from '../selftest/run-cli';
import { findScenario } from '../scenarios/catalogue';

const root = join(import.meta.dirname, '..');
const scratch = () => mkdtempSync(join(tmpdir(), 'faultline-'));

/** The --out folder of a whole (unsharded) run: what merge takes. */
function runDir(): string {
  const dir = scratch();
  mkdirSync(join(dir, 'blob'));
  writeFileSync(join(dir, 'blob', 'report-1.zip'), Buffer.from(`PK\x05\x06${'\0'.repeat(18)}`, 'latin1'));
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ run: { planned: 1, shard: null, selection: 'sel', errors: [], status: 'passed' } }));
  return dir;
}

function catalogueFile(): string {
  const file = join(scratch(), 'catalogue.json');
  writeFileSync(file, JSON.stringify([findScenario('healthy')]));
  return file;
}

/** Each command's parser, given what it needs besides the option under test (merge a run folder, audit an app, repro an id). */
const PARSERS: Record<Command, (argv: string[]) => unknown> = {
  list: parseListArgs,
  browser: parseBrowserArgs,
  run: parseRunArgs,
  merge: (argv) => parseMergeArgs([runDir(), ...argv]),
  matrix: parseMatrixArgs,
  // `--clean` takes no app: it cleans every workspace.
  audit: (argv) => parseAuditArgs(argv.includes('--clean') ? argv : ['../my-app', ...argv]),
  repro: (argv) => parseReproArgs(argv.includes('--path') ? argv : ['healthy', ...argv], {}),
  init: parseInitArgs,
};

/** A valid value for every string option: a new option needs one here. */
const SAMPLES: Record<string, () => string> = {
  route: () => '/dashboard',
  scenario: () => 'healthy',
  grep: () => 'throws',
  'base-url': () => 'http://127.0.0.1:9',
  shard: () => '1/2',
  workers: () => '2',
  port: () => '4100',
  repeat: () => '2',
  catalogue: catalogueFile,
  out: () => join(scratch(), 'out'),
  next: () => '16.1.7',
  fallback: () => 'both',
  configuration: () => 'both',
  'upgrade-to': () => '16.4.5',
  limit: () => 'build=600',
  cookie: () => 'session=abc',
  baseline: () => join(scratch(), 'faultline-baseline.json'),
  config: () => join(scratch(), 'faultline.config.json'),
  path: () => '/anything',
};

/** What an option cannot be given without. */
const WITH: Record<string, string[]> = { 'audit --fresh': ['--next', '16.1.7'] };

const argsFor = (command: Command, option: string): string[] => {
  const { type } = declaredOptions(command)[option];
  if (type === 'string' && !SAMPLES[option]) throw new Error(`no sample value for --${option}: add one to SAMPLES`);
  return [`--${option}`, ...(type === 'string' ? [SAMPLES[option]()] : []), ...(WITH[`${command} --${option}`] ?? [])];
};

const declared = COMMAND_NAMES.flatMap((command) => Object.keys(declaredOptions(command)).map((option) => [command, option] as const));
const allOptions = [...new Set(declared.map(([, option]) => option)), 'frobnicate'];
const undeclared = COMMAND_NAMES.flatMap((command) =>
  allOptions.filter((option) => !(option in declaredOptions(command))).map((option) => [command, option] as const),
);

/** The usage text's section for one command: its synopsis line up to the next command's. */
function usageOf(command: Command): string {
  const section = usageText()
    .split(/^(?=  faultline )/m)
    .find((part) => part.startsWith(`  faultline ${command}`));
  if (!section) throw new Error(`the usage text has no section for ${command}`);
  return section;
}

const names = (text: string, option: string) => new RegExp(`--${option}(?![\\w-])`).test(text);

describe('the CLI options, declared once', () => {
  it.each(declared)('the usage text of %s names --%s', (command, option) => {
    expect(names(usageOf(command), option)).toBe(true);
  });

  it.each(declared)('the usage text of %s says the default of --%s, from its declaration', (command, option) => {
    const fallback = declaredOptions(command)[option].default;
    if (typeof fallback === 'string' && fallback !== '') expect(usageOf(command)).toMatch(new RegExp(`--${option}\\b[^\\n]*\\bdefault\\b`));
  });

  it('the usage text ends with the exit codes', () => {
    expect(usageText()).toMatch(/^usage: faultline <command>\n/);
    expect(usageText().split('\n').at(-1)).toMatch(/^exit codes: 0 conforms .*, 1 deviates .*, 2 /);
  });

  it.each(declared)('%s takes its --%s', (command, option) => {
    expect(() => PARSERS[command](argsFor(command, option))).not.toThrow();
  });

  it.each(undeclared)('%s refuses --%s in one line', (command, option) => {
    const argv = [`--${option}`, ...(SAMPLES[option] ? [SAMPLES[option]()] : [])];
    let refusal: unknown;
    try {
      PARSERS[command](argv);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(UsageError);
    const message = (refusal as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(`--${option}`);
  });

  it('list takes --json or --markdown, not both', () => {
    expect(parseListArgs([])).toBe('table');
    expect(parseListArgs(['--markdown'])).toBe('markdown');
    // Refused as every command's conflicts are: declared with its options, not written again in its parser.
    expect(() => parseListArgs(['--json', '--markdown'])).toThrow(/^--json and --markdown are two formats: give one of them$/);
    expect(() => parseListArgs(['--csv'])).toThrow(/^Unknown option '--csv'/);
    expect(() => parseBrowserArgs(['--headed'])).toThrow(/^Unknown option '--headed'/);
  });

  it('hands parseArgs a fresh default each time (it gives the default array itself out as a value)', () => {
    const first = parseMatrixArgs([]);
    first.scenarios.push('healthy');
    expect(parseMatrixArgs([]).scenarios).toEqual([]);
    expect(parseOptionsOf('run').scenario.default).not.toBe(parseOptionsOf('run').scenario.default);
  });

  const commands = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
  const rowsOf = (command: Command) =>
    commands
      .split('\n')
      .filter((line) => line.startsWith(`| \`npx faultline ${command} `))
      .join('\n');
  it.each(declared.filter(([command]) => ['run', 'audit', 'matrix', 'repro', 'init'].includes(command)))(
    "docs/cli.md's Commands table names %s --%s",
    (command, option) => {
      expect(rowsOf(command), `no docs/cli.md row for faultline ${command}`).not.toBe('');
      expect(names(rowsOf(command), option)).toBe(true);
    },
  );
});

// Each starts the CLI (tsx, then Node): seconds on a busy machine.
describe('each command’s --help', { timeout: 30_000 }, () => {
  it.each(COMMAND_NAMES)('faultline %s --help prints that command’s usage, derived from its declared options, and exits 0', async (command) => {
    const { code, stdout: printed } = await runFaultline([command, '--help'], { env: process.env });
    expect(code).toBe(0);
    expect(printed.startsWith(`usage: faultline ${command}`)).toBe(true);
    for (const option of Object.keys(declaredOptions(command))) expect(names(printed, option), `--${option}`).toBe(true);
    expect(printed.trim().split('\n').at(-1)).toMatch(/^exit codes: 0 /);
  });
});

describe("the workers' default, declared once", () => {
  it("is what each command and the workers' variable say it is, and what the run uses when nothing is set", async () => {
    const { DEFAULT_WORKERS, VARIABLES } = await import('../contract');
    const { workersFrom } = await import('../harness/settings');
    expect(workersFrom({})).toBe(DEFAULT_WORKERS.run);
    expect(usageOf('run')).toContain(`parallel browsers (default ${DEFAULT_WORKERS.run})`);
    expect(usageOf('audit')).toContain(`parallel browsers (default ${DEFAULT_WORKERS.audit})`);
    expect(VARIABLES.workers.effect).toContain(`default ${DEFAULT_WORKERS.run}`);
    for (const file of ['cli/audit.ts', 'audit/job.ts']) expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/\(default \d\)/);
  });
});
