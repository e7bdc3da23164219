import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import type { AuditResult } from '../verdict/audit-result';
import { inspectApp } from '../audit/app/inspect';
import { faultlineRoot } from '../harness/root';
import { auditWorkspace, auditWorkspacesOf } from '../audit/workspace';
import { withoutTarget } from '../harness/target';
import { expect, test } from '../worker/test';
import { pack } from '../cli/pack';
import { installedFaultlineIn, stderrLines, tree } from './faultline-cli';
import { generateApp } from './generate';
import { validSarif } from './sarif-schema';

/**
 * `faultline audit .` run from a team's own app, as its CI runs it on every pull request (issue #43):
 * the reports in the app's own `faultline-audit/`, a baseline of the findings the team accepts, and
 * the outputs CI systems read (SARIF, the job summary, annotations), in a made-up GitHub Actions
 * environment: nothing here reaches GitHub.
 */
test.describe.configure({ mode: 'default', timeout: 600_000 });

const apps = join(tmpdir(), `faultline-team-ci-${process.pid}`);
/** Sentry's guide app in its own git repository, as a team keeps it. */
const app = join(apps, 'shop');
/** The same app on a branch that removed its `onRequestError` export: the regression a pull request brings. */
const branch = join(apps, 'shop-branch');
const SCENARIOS = ['--scenario', 'server-page-throws', '--scenario', 'client-effect-throws'];

test.beforeAll(async () => {
  // faultline's package as a team installs it: `npm pack`'s tarball in the app, its folder in the
  // branch (copied in, as npm installs a tarball: `--install-links`). From npm's cache where it
  // holds what the install asks, else the registry: a fresh machine's cache holds only what its own
  // installs fetched, and `--offline` failed there on a packument no earlier install had asked for.
  const packed = await pack(faultlineRoot, join(apps, 'faultline-package'), apps);
  for (const [dir, from] of [
    [app, [packed.tarball]],
    [branch, ['--install-links', packed.folder]],
  ] as const) {
    await generateApp(dir, { sentry: true });
    execFileSync('npm', ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', ...from], { cwd: dir, stdio: 'pipe' });
    execFileSync('git', ['init', '-q'], { cwd: dir });
  }
  const instrumentation = join(branch, 'instrumentation.ts');
  writeFileSync(instrumentation, readFileSync(instrumentation, 'utf8').replace('export const onRequestError = Sentry.captureRequestError;\n', ''));
});

test.afterAll(() => {
  for (const dir of [app, branch]) for (const workspace of auditWorkspacesOf(inspectApp(dir))) rmSync(workspace, { recursive: true, force: true });
  rmSync(apps, { recursive: true, force: true });
});

/** A made-up GitHub Actions job's environment: its summary file, and the variable that says it is Actions. */
const actions = () => {
  const summary = join(apps, `step-summary-${Date.now()}.md`);
  writeFileSync(summary, '');
  return { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }, summary };
};

const report = (dir: string) => JSON.parse(readFileSync(join(dir, 'faultline-audit', 'report.json'), 'utf8')) as AuditResult;

test('installed from its tarball, from inside the app: its reports in its own folder, a baseline written, then only new findings fail, in every output CI reads', async () => {
  // What the team installed: compiled JavaScript and the runtime dependencies, nothing of the reference app.
  const manifest = JSON.parse(readFileSync(join(app, 'node_modules', 'faultline', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(Object.keys(manifest.dependencies).filter((name) => ['next', 'react', 'react-dom', '@sentry/nextjs', 'tsx'].includes(name))).toEqual([]);
  expect(existsSync(join(app, 'node_modules', 'tsx')), 'no TypeScript loader in the app').toBe(false);
  const elsewhere = await installedFaultlineIn(app, ['run']);
  expect([elsewhere.code, stderrLines(elsewhere.stderr)]).toEqual([
    2,
    [
      "faultline: run checks faultline's own reference app, which the installed package does not carry (it carries the audit of your app: faultline audit .); run it from a checkout of faultline",
    ],
  ]);

  const before = tree(app);
  const accept = await installedFaultlineIn(app, ['audit', '.', ...SCENARIOS, '--update-baseline'], actions().env);
  expect(stderrLines(accept.stderr), 'no line on stderr').toEqual([]);
  expect(accept.stdout).toContain(
    'Reports go to faultline-audit/ in the app, left out of its copy and of the proof that it is unchanged: add "faultline-audit/" to its .gitignore',
  );
  const accepted = JSON.parse(readFileSync(join(app, 'faultline-baseline.json'), 'utf8')) as { findings: { check: string; entry: string; kind: string }[] };
  expect(accepted.findings.length).toBeGreaterThan(0);
  expect(accept.stdout).toContain(`Baseline faultline-baseline.json: 0 new, ${accepted.findings.length} accepted, 0 fixed since`);
  expect(accept.code, 'every finding accepted: a green check').toBe(0);
  expect(tree(app, app, ['faultline-audit', 'faultline-baseline.json']), "the app's files outside what faultline writes, byte for byte").toEqual(before);

  // The next pull request, as CI runs it: the same app, the baseline beside it.
  const job = actions();
  const again = await installedFaultlineIn(app, ['audit', '.', ...SCENARIOS], job.env);
  expect(again.code).toBe(0);
  expect(again.stdout).not.toContain('.gitignore');
  expect(again.stdout).toContain(`Baseline faultline-baseline.json: 0 new, ${accepted.findings.length} accepted, 0 fixed since`);
  expect(again.stdout, 'accepted findings are notices, never errors').not.toMatch(/^::error /m);
  expect(again.stdout).toMatch(/^::notice title=faultline audit of sentry-guide-app%3A reported once \(accepted in the baseline\)::/m);
  expect(readFileSync(job.summary, 'utf8')).toContain(`· against \`faultline-baseline.json\`: **0 new**, ${accepted.findings.length} accepted, 0 fixed`);

  // The branch without onRequestError, read against the team's baseline: exit 1 naming only what is new.
  const regression = actions();
  const branched = await installedFaultlineIn(branch, ['audit', '.', ...SCENARIOS, '--baseline', join(app, 'faultline-baseline.json')], regression.env);
  expect(stderrLines(branched.stderr)).toEqual([]);
  expect(branched.code).toBe(1);
  const judged = report(branch);
  const added = [...judged.appFindings, ...judged.entries.flatMap((entry) => entry.findings)].filter((finding) => finding.baseline === 'new');
  expect(added.map(({ check, what }) => `${check}: ${what}`)).toEqual(["reported once: a server failure is reported only as the browser's redacted copy"]);
  // What the server's report carried went with it: fixed since, with the double report.
  expect(judged.baseline?.fixed.map(({ check, entry, kind }) => `${entry}: ${check}: ${kind}`)).toEqual([
    'server-page-throws: privacy: the reports carry request headers outside the allow-list',
    "server-page-throws: privacy: the reports carry the client's address",
    "server-page-throws: reported once: reported twice: by the server, and again as the browser's redacted copy",
  ]);
  expect(branched.stdout.match(/^::error .*$/gm)).toEqual([expect.stringContaining("reported only as the browser's redacted copy")]);
  expect(readFileSync(join(branch, 'faultline-audit', 'summary.md'), 'utf8')).toContain('**1 new**');

  // SARIF a code-scanning upload takes: valid, the new finding located in the app's file its fix changes.
  const sarif = JSON.parse(readFileSync(join(branch, 'faultline-audit', 'report.sarif'), 'utf8'));
  expect(validSarif(sarif), JSON.stringify(validSarif.errors)).toBe(true);
  const located = (sarif.runs[0].results as { baselineState?: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]).map(
    (result) => [result.baselineState, result.locations[0].physicalLocation.artifactLocation.uri],
  );
  expect(located).toContainEqual(['new', 'instrumentation.ts']);
  expect(
    located.filter(([, uri]) => !existsSync(join(branch, uri!))),
    'every location a file of the app',
  ).toEqual([]);
});

test("the team's config in its app: a check at warn said and failing nothing, an entry skipped with its reason, a field it means to send no finding", async () => {
  writeFileSync(
    join(app, 'faultline.config.mjs'),
    [
      'export default {',
      "  checks: { screen: 'warn' },",
      "  skip: { 'client-effect-throws': 'client errors are tracked by the design system team' },",
      "  privacy: { allow: ['user.ip_address'] },",
      "  baseline: 'ci/faultline-baseline.json',",
      '};',
      '',
    ].join('\n'),
  );
  const { code, stdout, stderr } = await installedFaultlineIn(app, ['audit', '.', ...SCENARIOS]);
  expect(stderrLines(stderr)).toEqual([]);
  expect(stdout).toContain('Config: faultline.config.mjs\n');
  const judged = report(app);
  expect(judged.notApplicable).toContainEqual({
    id: 'client-effect-throws',
    why: 'skipped in faultline.config.mjs: client errors are tracked by the design system team',
  });
  expect(judged.baseline, 'its baseline is where the config says, and not there yet').toBeUndefined();
  const [entry] = judged.entries;
  expect(entry.findings.map(({ check, what, level }) => `${level ?? 'error'} ${check}: ${what}`)).toEqual([
    'warn screen: the screen says a client-side exception occurred, for a server-side failure',
    'warn screen: no reference the user could quote: the digest the server log prints is not on the screen',
    "error reported once: reported twice: by the server, and again as the browser's redacted copy",
    'error privacy: the reports carry request headers outside the allow-list',
  ]);
  expect(stdout).toMatch(/^ {2}! warn screen: /m);
  expect(code, 'the double report still fails it').toBe(1);

  // The same config over versions (here the app's own `next` alone, its build reused): the levels hold in the audit matrix too.
  const over = await installedFaultlineIn(app, ['audit', '.', ...SCENARIOS, '--next', inspectApp(app).next]);
  expect(stderrLines(over.stderr)).toEqual([]);
  const matrix = JSON.parse(readFileSync(join(app, 'faultline-audit', 'audit-matrix.json'), 'utf8')) as { columns: { result: AuditResult }[] };
  expect(
    matrix.columns[0].result.entries.flatMap((judgedEntry) =>
      judgedEntry.findings.map(({ check, what, level }) => `${judgedEntry.id}: ${level ?? 'error'} ${check}: ${what}`),
    ),
  ).toEqual(entry.findings.map(({ check, what, level }) => `server-page-throws: ${level ?? 'error'} ${check}: ${what}`));
  expect(over.code, 'the double report still fails it, the warnings do not').toBe(1);
});

test("the GitHub Action: its declared steps, and its audit step run as Actions runs it, in a made-up job's environment", async () => {
  const action = parse(readFileSync(join(faultlineRoot, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default: string }>;
    outputs: Record<string, { value: string }>;
    runs: {
      using: string;
      steps: {
        id?: string;
        uses?: string;
        run?: string;
        if?: string;
        env?: Record<string, string>;
        with?: Record<string, string>;
        'working-directory'?: string;
      }[];
    };
  };
  expect(Object.keys(action.inputs)).toEqual(['app', 'upgrade-to', 'baseline', 'config']);
  expect(Object.keys(action.outputs)).toEqual(['findings', 'new', 'accepted', 'fixed', 'out']);
  const { steps } = action.runs;
  expect(steps.map((step) => step.uses ?? step.run)).toEqual([
    'actions/setup-node@v4',
    'bash "$GITHUB_ACTION_PATH/.ci/setup"',
    'actions/cache@v4',
    'actions/cache@v4',
    'node "$GITHUB_ACTION_PATH/action/audit.mjs"',
    'actions/upload-artifact@v4',
  ]);
  expect(steps[2].with?.path, 'the next versions faultline installs, cached between jobs').toBe('~/.cache/faultline/next');
  // The build cache the audit's copy of the app left, restored in the next job: what makes its build incremental (bench:audit).
  expect(steps[3].with?.path).toBe('~/.cache/faultline/audit/*/.next/cache');
  const runner = { ...process.env, XDG_CACHE_HOME: '' };
  const workspace = auditWorkspace(inspectApp(app), runner);
  expect(steps[3].with?.path.replace('~', homedir()).replace('*', basename(workspace)), "the workspace's own cache, on a runner").toBe(
    join(workspace, '.next', 'cache'),
  );
  expect([steps[3].with?.key, steps[3].with?.['restore-keys']]).toEqual([
    'faultline-build-${{ runner.os }}-${{ github.sha }}',
    'faultline-build-${{ runner.os }}-',
  ]);
  expect([steps[5].if, steps[5].with?.path]).toEqual(["always() && steps.audit.outputs.out != ''", '${{ steps.audit.outputs.out }}']);

  // The audit step as the runner runs it: its expressions given the inputs a team's workflow sets.
  const inputs: Record<string, string> = { app: 'shop', 'upgrade-to': '', baseline: 'faultline-baseline.json', config: '' };
  const expand = (text: string) => text.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_all, name: string) => inputs[name]);
  const audit = steps.find((step) => step.id === 'audit')!;
  const job = actions();
  const output = join(apps, 'github-output');
  writeFileSync(output, '');
  const env = {
    ...job.env,
    ...Object.fromEntries(Object.entries(audit.env ?? {}).map(([name, value]) => [name, expand(value)])),
    GITHUB_ACTION_PATH: faultlineRoot,
    GITHUB_OUTPUT: output,
    GITHUB_WORKSPACE: apps,
  };
  const ran = await promisify(execFile)('bash', ['-c', audit.run!], {
    cwd: join(apps, expand(audit['working-directory']!)),
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    () => 0,
    (error: { code: number }) => error.code,
  );
  const said = Object.fromEntries(
    readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('=') as [string, string]),
  );
  const judged = report(app);
  const all = [...judged.appFindings, ...judged.entries.flatMap((entry) => entry.findings)];
  expect(said).toEqual({
    out: join(app, 'faultline-audit'),
    'exit-code': String(ran),
    findings: String(all.length),
    new: String(judged.baseline!.new),
    accepted: String(judged.baseline!.accepted),
    fixed: String(judged.baseline!.fixed.length),
  });
  expect(judged.entries.length, 'the whole catalogue, as a job audits it').toBeGreaterThan(40);
  expect([ran, judged.baseline!.new > 0], 'findings beyond the two entries the baseline accepted fail the job').toEqual([1, true]);
  expect(readFileSync(job.summary, 'utf8')).toContain(`**${judged.baseline!.new} new**`);
});

/** A step of a GitHub Actions workflow, as far as these tests read one. */
interface WorkflowStep {
  id?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

/** A `run` step as the runner runs it: bash as Actions starts it, in the job's working directory, in a made-up job's environment. */
async function runStep(step: WorkflowStep, cwd: string, env: Record<string, string>) {
  return promisify(execFile)('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], {
    cwd,
    env: { ...withoutTarget(), ...env, ...step.env },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test('faultline init in the app, then the job it wrote, its audit step run as the runner runs it: green on the baseline, red on a regression', async () => {
  // A team that has none of it yet: what the tests above left is taken away; the last test's build of the whole catalogue stays in the audit's workspace.
  for (const file of ['faultline.config.mjs', 'faultline-baseline.json', 'faultline-audit']) rmSync(join(app, file), { recursive: true, force: true });
  const before = tree(app);
  const set = await installedFaultlineIn(app, ['init', '--yes']);
  expect(stderrLines(set.stderr)).toEqual([]);
  expect(set.code).toBe(0);
  const said = set.stdout.split('\n');
  expect(said.slice(0, 4)).toEqual([
    'Wrote .github/workflows/faultline.yml: the job that audits the app on every pull request',
    'Wrote faultline.config.mjs: every setting of the audit at its default, with what it does',
    "Added faultline-audit/ to .gitignore: the audit's reports stay out of the repository",
    'Auditing the app for its baseline, as npx faultline audit . --update-baseline does',
  ]);
  expect(said.filter(Boolean).at(-1)).toBe(
    'Commit what faultline init wrote: from the next pull request on, the job fails only on findings faultline-baseline.json does not accept',
  );
  const changed = tree(app, app, ['faultline-audit']).filter((file) => !before.includes(file));
  expect(changed.map((file) => file.split(' ')[0]).sort()).toEqual([
    '.github/workflows/faultline.yml',
    '.gitignore',
    'faultline-baseline.json',
    'faultline.config.mjs',
  ]);

  // The job as the runner runs it: its audit step in the job's working directory, the SARIF where its upload step looks.
  const workflow = parse(readFileSync(join(app, '.github', 'workflows', 'faultline.yml'), 'utf8')) as {
    jobs: { audit: { defaults?: { run: { 'working-directory': string } }; steps: WorkflowStep[] } };
  };
  const { defaults, steps } = workflow.jobs.audit;
  const step = steps.find((candidate) => candidate.id === 'audit')!;
  const sarifFile = join(app, steps.find((candidate) => candidate.uses?.startsWith('github/codeql-action/upload-sarif'))!.with!.sarif_file);
  const job = () => {
    const { env, summary } = actions();
    return { env: { ...env, GITHUB_WORKSPACE: app }, summary };
  };
  const cwd = join(app, defaults?.run['working-directory'] ?? '.');

  const green = job();
  const accepted = await runStep(step, cwd, green.env);
  expect(accepted.code, accepted.stderr).toBe(0);
  expect(accepted.stdout).toMatch(/^Baseline faultline-baseline\.json: 0 new, \d+ accepted, 0 fixed since$/m);
  expect(readFileSync(green.summary, 'utf8')).toContain('**0 new**');
  expect(validSarif(JSON.parse(readFileSync(sarifFile, 'utf8'))), JSON.stringify(validSarif.errors)).toBe(true);

  // The next pull request takes the app's onRequestError away: the job fails, naming what is new and only that. Every server
  // failure loses its report: those global-error.tsx copies are reported only as that copy, the others never, with the
  // cause read from instrumentation.ts (a Cache Components app, as create-next-app makes it, has no Edge page).
  const instrumentation = join(app, 'instrumentation.ts');
  writeFileSync(instrumentation, readFileSync(instrumentation, 'utf8').replace('export const onRequestError = Sentry.captureRequestError;\n', ''));
  const red = job();
  const regressed = await runStep(step, cwd, red.env);
  expect(regressed.code, regressed.stderr).toBe(1);
  const judged = report(app);
  const added = [...judged.appFindings, ...judged.entries.flatMap((entry) => entry.findings)].filter((finding) => finding.baseline === 'new');
  const kinds = [...new Set(added.map(({ check, what }) => `${check}: ${what}`))].sort();
  expect(kinds).toEqual([
    'reported once: a server failure is never reported: instrumentation.ts exports no onRequestError, so Next hands Sentry no server error',
    "reported once: a server failure is reported only as the browser's redacted copy",
  ]);
  // An error annotation for each new finding (one per fix it names), and none for what the baseline accepts.
  const errors = (regressed.stdout.match(/^::error .*$/gm) ?? []).map((line) => line.slice(line.indexOf('::', 2) + 2));
  const whats = kinds.map((kind) => kind.replace(/^reported once: /, ''));
  expect(errors.map((message) => whats.filter((what) => message.startsWith(`${what} (`)).length)).toEqual(errors.map(() => 1));
  expect(whats.filter((what) => !errors.some((message) => message.startsWith(`${what} (`)))).toEqual([]);
  expect(readFileSync(red.summary, 'utf8')).toContain(`**${judged.baseline!.new} new**`);
});
