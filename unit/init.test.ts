import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BASELINE_FILE } from '../audit/baseline-file';
import { CONFIG_KEY_NAMES, readAuditConfig, withConfig } from '../audit/job';
import { parseAuditArgs } from '../cli/audit';
import { askYes, parseInitArgs } from '../cli/init/init';
import { configFileText } from '../cli/init/config-file';
import { WORKFLOW_FILE, workflowText } from '../cli/init/workflow';
import { faultlineRoot } from '../harness/root';
import { runFaultline } from '../selftest/run-cli';
import { AUDIT_CHECKS } from '../verdict/finding';
import { folderWith } from './folder-with';

/** An installed Next.js app in its own git repository, as `faultline init` finds a team's (no build, nothing of it runs). */
const appFiles = (more: Record<string, string> = {}) => ({
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.gitignore': 'node_modules\n',
  'package.json': JSON.stringify({ name: 'shop', dependencies: { next: '16.4.5' }, devDependencies: { faultline: '0.1.0' } }),
  'package-lock.json': '{}',
  'node_modules/next/package.json': JSON.stringify({ name: 'next', version: '16.4.5' }),
  'app/layout.tsx': 'export default function Layout({ children }) { return children; }\n',
  ...more,
});

const init = (cwd: string, args: string[] = []) => runFaultline(['init', ...args], { cwd, env: process.env });

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | number>;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: { audit: { permissions: Record<string, string>; defaults?: { run: { 'working-directory': string } }; steps: Step[] } };
}

describe('the config faultline init writes, from the declarations of what a config takes', () => {
  it('names every key the config takes, each below one comment, with its default, and is a config the audit reads', async () => {
    const text = configFileText();
    const app = folderWith({ 'faultline.config.mjs': text });
    const module = (await import(join(app, 'faultline.config.mjs'))) as { default: Record<string, unknown> };
    expect(Object.keys(module.default)).toEqual(CONFIG_KEY_NAMES);
    const lines = text.split('\n');
    for (const key of CONFIG_KEY_NAMES) {
      const at = lines.findIndex((line) => line.startsWith(`  ${key}:`));
      expect(at, `a line for ${key}`).toBeGreaterThan(0);
      expect(lines[at - 1], `the comment above ${key}`).toMatch(/^ {2}\/\/ \S/);
    }
    expect(await readAuditConfig(app)).not.toBeNull();
  });

  it('its values are what the audit does without a config', async () => {
    const app = folderWith({ 'faultline.config.mjs': configFileText() });
    const bare = parseAuditArgs([app]);
    const configured = withConfig(bare, await readAuditConfig(app), app);
    expect(configured.out).toBe(join(app, 'faultline-audit'));
    expect(configured.baseline).toBe(join(app, BASELINE_FILE));
    expect(configured.levels).toEqual(bare.levels);
    expect(configured.levels).toEqual({ ...Object.fromEntries(AUDIT_CHECKS.map((check) => [check, 'error'])), source: 'warn' });
    expect([configured.versions, configured.cookies, configured.skip, configured.privacyAllow]).toEqual([
      bare.versions,
      bare.cookies,
      bare.skip,
      bare.privacyAllow,
    ]);
  });
});

describe('the workflow faultline init writes', () => {
  const action = parse(readFileSync(join(faultlineRoot, 'action.yml'), 'utf8')) as { runs: { steps: Step[] } };

  it('is the job the docs give, with faultline from the app’s own devDependencies: no action of faultline’s to point at', () => {
    const text = workflowText({ appPath: '', installPath: '', packageManager: 'npm', out: 'faultline-audit' });
    expect(text).not.toMatch(/your-org|faultline@/);
    const workflow = parse(text) as Workflow;
    expect(Object.keys(workflow.on)).toContain('pull_request');
    const job = workflow.jobs.audit;
    expect(job.permissions).toEqual({ contents: 'read', 'security-events': 'write' });
    expect(job.defaults).toBeUndefined();
    expect(job.steps.map((step) => step.uses ?? step.run)).toEqual([
      'actions/checkout@v4',
      'actions/setup-node@v4',
      'npm ci',
      'npx playwright install --with-deps chromium',
      'actions/cache@v4',
      'npx faultline audit .',
      'actions/upload-artifact@v4',
      'github/codeql-action/upload-sarif@v3',
    ]);
    const [, node, , , cache, audit, artifact, sarif] = job.steps;
    expect(node.with).toEqual({ 'node-version': 20, cache: 'npm' });
    // The build cache of the audit's copy of the app, as the Action keeps it.
    const actionCache = action.runs.steps.find((step) => step.with?.path === '~/.cache/faultline/audit/*/.next/cache')!;
    expect(cache.with).toEqual(actionCache.with);
    expect(audit.id).toBe('audit');
    expect(audit.env).toEqual({ NEXT_TELEMETRY_DISABLED: '1' });
    expect([artifact.if, artifact.with]).toEqual(['always()', { name: 'faultline-audit', path: 'faultline-audit' }]);
    expect([sarif.if, sarif.with]).toEqual([
      "always() && hashFiles('faultline-audit/report.sarif') != ''",
      { sarif_file: 'faultline-audit/report.sarif', category: 'faultline' },
    ]);
  });

  it('for an app below its repository’s top: run there, installed where its lockfile is, its outputs found from the top', () => {
    const workflow = parse(workflowText({ appPath: 'apps/web', installPath: '', packageManager: 'pnpm', out: '../reports' })) as Workflow;
    const { defaults, steps } = workflow.jobs.audit;
    expect(defaults?.run['working-directory']).toBe('apps/web');
    expect(steps.map((step) => step.uses ?? step.run).slice(0, 4)).toEqual([
      'actions/checkout@v4',
      'pnpm/action-setup@v4',
      'actions/setup-node@v4',
      'pnpm install --frozen-lockfile',
    ]);
    expect(steps[3]['working-directory']).toBe('.');
    expect(steps.at(-2)?.with?.path).toBe('apps/reports');
    expect(steps.at(-1)?.with?.sarif_file).toBe('apps/reports/report.sarif');
  });
});

describe.concurrent('faultline init in an app', { timeout: 60_000 }, () => {
  it('writes the workflow and the config, says each, and without a terminal or --yes does not audit but says how', async () => {
    const app = folderWith(appFiles());
    const { code, stdout, stderr } = await init(app);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toContain(`Wrote ${WORKFLOW_FILE}`);
    expect(stdout).toContain('Wrote faultline.config.mjs');
    expect(stdout).toContain('Added faultline-audit/ to .gitignore');
    expect(stdout).toMatch(/^Not audited: no terminal to ask on\b.*npx faultline audit \. --update-baseline.*faultline init --yes/m);
    expect(parse(readFileSync(join(app, WORKFLOW_FILE), 'utf8'))).toBeTruthy();
    expect(readFileSync(join(app, 'faultline.config.mjs'), 'utf8')).toBe(configFileText());
    expect(readFileSync(join(app, '.gitignore'), 'utf8')).toBe('node_modules\nfaultline-audit/\n');
    expect(existsSync(join(app, BASELINE_FILE))).toBe(false);
  });

  it('never writes over a file without --force, and says each it kept', async () => {
    const app = folderWith(appFiles({ 'faultline.config.json': '{}', [WORKFLOW_FILE]: 'on: push\n', [BASELINE_FILE]: '{"version":1,"findings":[]}\n' }));
    const kept = await init(app, ['--yes']);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout).toContain(`Kept ${WORKFLOW_FILE}`);
    expect(kept.stdout).toContain('Kept faultline.config.json');
    // An audit would have failed here: this app has no build, no route of its own to serve.
    expect(kept.stdout).toContain(`Kept ${BASELINE_FILE}`);
    expect(existsSync(join(app, 'faultline.config.mjs'))).toBe(false);
    expect(readFileSync(join(app, WORKFLOW_FILE), 'utf8')).toBe('on: push\n');

    const forced = await init(app, ['--force', '--no-audit']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain(`Wrote ${WORKFLOW_FILE}`);
    expect(forced.stdout).toContain('Wrote faultline.config.json');
    expect(readFileSync(join(app, WORKFLOW_FILE), 'utf8')).not.toBe('on: push\n');
    expect(JSON.parse(readFileSync(join(app, 'faultline.config.json'), 'utf8'))).toEqual(
      (await import(join(folderWith({ 'c.mjs': configFileText() }), 'c.mjs'))).default,
    );
    expect(readFileSync(join(app, BASELINE_FILE), 'utf8'), '--no-audit: the baseline as it was').toBe('{"version":1,"findings":[]}\n');
  });

  it('an app below its repository’s top gets the workflow at the top, and is told when faultline is not among its devDependencies', async () => {
    const repo = folderWith({ '.git/HEAD': 'ref: refs/heads/main\n' });
    const app = join(repo, 'apps', 'web');
    for (const [file, text] of Object.entries(appFiles({ 'package.json': JSON.stringify({ dependencies: { next: '16.4.5' } }) })))
      if (!file.startsWith('.git/')) {
        mkdirSync(join(app, file, '..'), { recursive: true });
        writeFileSync(join(app, file), text);
      }
    const { code, stdout } = await init(app, ['--no-audit']);
    expect(code).toBe(0);
    const workflow = parse(readFileSync(join(repo, WORKFLOW_FILE), 'utf8')) as Workflow;
    expect(workflow.jobs.audit.defaults?.run['working-directory']).toBe('apps/web');
    expect(stdout).toContain(`Wrote ${join(repo, WORKFLOW_FILE)}`);
    expect(stdout).toMatch(/^faultline is not among the app's devDependencies: npm i -D faultline/m);
  });

  it('refuses in one line, exit 2: a folder that is not a Next.js app, --yes with --no-audit', async () => {
    const bare = await init(folderWith({ 'README.md': 'hi' }));
    expect([bare.code, bare.stderr.trim()]).toEqual([
      2,
      expect.stringMatching(/^faultline: the audited app: \S+ is not a Next\.js app: it has no package\.json$/),
    ]);
    const both = await init(folderWith(appFiles()), ['--yes', '--no-audit']);
    expect([both.code, both.stderr.trim().split('\n').length, both.stderr]).toEqual([2, 1, expect.stringContaining('--no-audit')]);
    expect(() => parseInitArgs(['a', 'b'])).toThrow('init takes one app folder (got a b)');
  });
});

describe('asking on a terminal', () => {
  const answer = async (typed: string) => {
    const input = new PassThrough();
    const output = new PassThrough();
    let asked = '';
    output.on('data', (chunk: Buffer) => (asked += chunk.toString()));
    const yes = askYes('Run it now?', input, output);
    input.end(typed);
    return { yes: await yes, asked };
  };

  it('takes Enter and y as yes, anything else as no', async () => {
    expect(await answer('\n')).toEqual({ yes: true, asked: 'Run it now? [Y/n] ' });
    expect((await answer('y\n')).yes).toBe(true);
    expect((await answer('YES\n')).yes).toBe(true);
    expect((await answer('n\n')).yes).toBe(false);
    expect((await answer('')).yes, 'the input closed: no').toBe(false);
  });
});
