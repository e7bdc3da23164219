import { appendFileSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { inspectApp, type InspectedApp } from '../../audit/app/inspect';
import { BASELINE_FILE } from '../../audit/baseline-file';
import { CONFIG_FILES, readAuditConfig } from '../../audit/job';
import { OUT_FOLDERS } from '../../contract';
import { readOptions, type OptionsOf } from '../../harness/commands';
import { audit, parseAuditArgs } from '../audit';
import { parseCommand } from '../options';
import { EXIT, UsageError } from '../usage-error';
import { configFileText, configJsonText } from './config-file';
import { WORKFLOW_FILE, workflowText } from './workflow';

/** What `faultline init` was asked, as its declaration reads it (harness/commands.ts: whether it audits without asking, not at all, or writes over what is there), and the app. */
export type InitOptions = OptionsOf<'init'> & { app: string };

export function parseInitArgs(argv: string[]): InitOptions {
  const { values, positionals } = parseCommand('init', argv, { positionals: true });
  const options = readOptions('init', values, argv);
  if (positionals.length > 1) throw new UsageError(`init takes one app folder (got ${positionals.join(' ')})`);
  return { ...options, app: positionals[0] ?? '.' };
}

/** A yes-or-no question on the terminal: Enter or y is yes, anything else no, and so is an input that closes unanswered. */
export function askYes(question: string, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<boolean> {
  const lines = createInterface({ input, terminal: false });
  output.write(`${question} [Y/n] `);
  return new Promise((settle) => {
    lines.once('line', (answer) => {
      settle(/^(y|yes)?$/i.test(answer.trim()));
      lines.close();
    });
    lines.once('close', () => settle(false));
  });
}

/** The top of the git repository that holds `dir` (where GitHub reads `.github/`), or null outside one. */
function repositoryTop(dir: string): string | null {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return at;
    if (dirname(at) === at) return null;
  }
}

/** A file as the person who ran init names it: from where they stand when it is below, else whole. */
function shown(file: string): string {
  const from = relative(realpathSync(process.cwd()), file);
  return from.startsWith('..') || isAbsolute(from) ? file : from;
}

/** Writes `text` to `file` unless it is there (then kept, unless `force`); says which, with what the file is for. */
function place(file: string, text: string, force: boolean, what: string): void {
  if (existsSync(file) && !force) return console.log(`Kept ${shown(file)}: it is there (faultline init --force writes it again)`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`Wrote ${shown(file)}: ${what}`);
}

/** The audit's outputs folder, which the app's `.gitignore` should leave out: added when it does not. */
function ignoreOutputs(app: InspectedApp, out: string): void {
  if (isAbsolute(out) || out.startsWith('..')) return;
  const file = join(app.root, '.gitignore');
  const entry = `${out.replace(/\/$/, '')}/`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (text.split('\n').some((line) => line.trim().replace(/^\//, '').replace(/\/?$/, '/') === entry)) return;
  appendFileSync(file, `${text === '' || text.endsWith('\n') ? '' : '\n'}${entry}\n`);
  console.log(`Added ${entry} to ${shown(file)}: the audit's reports stay out of the repository`);
}

/** The command a team adds faultline with, by the package manager its lockfile shows. */
const ADD: Record<InspectedApp['packageManager'], string> = {
  npm: 'npm i -D faultline',
  pnpm: 'pnpm add -D faultline',
  yarn: 'yarn add -D faultline',
  bun: 'bun add -d faultline',
  unknown: 'npm i -D faultline',
};

/** Whether the app's own package.json brings faultline, so that the job's install has it. */
function declaresFaultline(app: InspectedApp): boolean {
  const manifest = JSON.parse(readFileSync(join(app.root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  return Boolean(manifest.devDependencies?.faultline ?? manifest.dependencies?.faultline);
}

/** Whether to run the first audit: --yes, or asked on a terminal; never without one (said, with how to run it). */
async function auditWanted(options: InitOptions, baseline: string): Promise<boolean> {
  const later = `npx faultline audit . --update-baseline writes ${baseline}`;
  if (options.noAudit) return (console.log(`Not audited (--no-audit): ${later}`), false);
  if (options.yes) return true;
  if (!process.stdin.isTTY || !process.stdout.isTTY)
    return (console.log(`Not audited: no terminal to ask on; ${later} (faultline init --yes audits without asking)`), false);
  const yes = await askYes(
    `Audit the app now, and accept today's findings in ${baseline}? It builds a copy of the app and checks every failure (a minute or more)`,
  );
  if (!yes) console.log(`Not audited: ${later}`);
  return yes;
}

/**
 * `faultline init`: in a team's app, the job that audits it on every pull request, its config at
 * the defaults, and (asked first) the first audit, whose findings the baseline accepts, so that
 * the next pull request fails only on new ones. A file that is there is kept unless `--force`.
 */
export async function init(options: InitOptions): Promise<number> {
  const app = inspectApp(options.app);
  const top = repositoryTop(app.root) ?? app.root;
  const ownConfig = CONFIG_FILES.find((name) => existsSync(join(app.root, name)));
  // A config kept as it is says where the audit's outputs and the baseline go; one written is at the defaults.
  const config = ownConfig && !options.force ? await readAuditConfig(app.root) : null;
  const out = config?.out ?? OUT_FOLDERS.audit;
  const where = { appPath: relative(top, app.root), installPath: relative(top, app.monorepo?.root ?? app.root), packageManager: app.packageManager, out };
  place(join(top, WORKFLOW_FILE), workflowText(where), options.force, 'the job that audits the app on every pull request');
  const configFile = join(app.root, ownConfig ?? 'faultline.config.mjs');
  place(
    configFile,
    configFile.endsWith('.json') ? configJsonText() : configFileText(),
    options.force,
    'every setting of the audit at its default, with what it does',
  );
  ignoreOutputs(app, out);
  if (!declaresFaultline(app)) console.log(`faultline is not among the app's devDependencies: ${ADD[app.packageManager]}, so that the job's install brings it`);

  const baseline = resolve(app.root, config?.baseline ?? BASELINE_FILE);
  let code: number = EXIT.ok;
  if (existsSync(baseline) && !options.force)
    console.log(`Kept ${shown(baseline)}: the findings the team accepts (faultline init --force audits again and writes it)`);
  else if (await auditWanted(options, shown(baseline))) {
    console.log(`Auditing the app for its baseline, as npx faultline audit . --update-baseline does`);
    const given = parseAuditArgs([app.root, '--update-baseline']);
    code = await audit({ ...given, out: join(app.root, given.out) });
  }
  if (code !== EXIT.ok) return code;
  console.log(
    existsSync(baseline)
      ? `Commit what faultline init wrote: from the next pull request on, the job fails only on findings ${shown(baseline)} does not accept`
      : `Commit what faultline init wrote: until ${shown(baseline)} is written, the job fails on every finding`,
  );
  return code;
}
