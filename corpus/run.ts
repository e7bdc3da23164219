/**
 * `npm run corpus [DIR...]` (default ../shared/corpus): every real app of the corpus installed once
 * (an install cache keyed by the folder's contents, so a rerun costs only the audits), built by
 * itself, audited, and the audit compared with the truth observed by hand (corpus/<slug>.md).
 * Prints the table and `truthful N of M`, and writes the table into docs/audit.md. Needs the
 * registry and minutes per app: not part of `npm test`, which never reads ../shared.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { googleFonts, offlineFonts } from '../audit/fonts';
import { buildFailureCause, nextBin } from '../harness/build';
import { faultlineCache } from '../harness/project-copy';
import { block, blockIn, replaceBlock } from '../outputs/docs-blocks';
import { corpusTable, mergeRows, rowsOf, type Row } from './table';
import { entriesFor, readTruth, routesFor, untrueSaid, untruths, type AuditOutcome, type Truth } from './truth';

const root = join(import.meta.dirname, '..');
const DOCS_PAGE = join(root, 'docs', 'audit.md');
export const CORPUS_BLOCK = block('corpus', '`npm run corpus`');
/**
 * What every app's audit is asked for beside what its truth names: ten failures of each router
 * (those of a router the app lacks are not applicable), since a few entries hide what the others
 * claim (issue #84).
 */
const BASE_ENTRIES = [
  // The App Router's: a server page, a client effect, a route handler, a Server Action, a layout, not-found, a metadata route, an Edge route, streaming, the healthy page.
  'server-page-throws',
  'client-effect-throws',
  'route-handler-throws',
  'action-form-throws',
  'nested-layout-throws',
  'not-found-signal',
  'robots-throws',
  'edge-route-handler-throws',
  'suspense-streamed-throws',
  'healthy',
  // The Pages Router's, the same ten kinds where it has them.
  'pages-gssp-throws',
  'pages-render-throws',
  'pages-client-effect-throws',
  'pages-api-throws',
  'pages-edge-api-throws',
  'pages-not-found',
  'pages-gip-throws',
  'pages-api-handled-500',
  'pages-redirect',
  'pages-healthy',
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string', multiple: true },
    full: { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
  },
});
/** The folders that hold the apps, each app a folder with an INSTALL file: the shared corpus, or those named. */
const corpora = (positionals.length ? positionals : [join(root, '..', 'shared', 'corpus')]).map((dir) => resolve(dir));

interface Step {
  ok: boolean;
  seconds: number;
  command: string;
  error?: string;
}

/** The key of a corpus folder's contents: a change to any file installs it again. */
function contentKey(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(relative(dir, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 12);
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, output, seconds: Math.round((performance.now() - started) / 100) / 10 }));
  });
}

const lastLine = (output: string) =>
  output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1) ?? '';

/** The app installed and built by itself, once per content key: the cached copy's folders and what each step gave. */
async function installed(slug: string, source: string, env: NodeJS.ProcessEnv): Promise<{ app: string; install: Step; build: Step | null }> {
  const cache = join(faultlineCache(), 'corpus', `${slug}-${contentKey(source)}`);
  const stateFile = join(cache, 'state.json');
  const appPath = existsSync(join(source, 'APP')) ? readFileSync(join(source, 'APP'), 'utf8').trim() : '.';
  const app = join(cache, 'root', appPath);
  if (existsSync(stateFile)) return { app, ...JSON.parse(readFileSync(stateFile, 'utf8')) };
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  cpSync(source, join(cache, 'root'), { recursive: true });
  const line = readFileSync(join(source, 'INSTALL'), 'utf8').trim();
  console.error(`${slug}: installing (${line})`);
  const got = await run('sh', ['-c', line], join(cache, 'root'), env);
  const install: Step = { ok: got.code === 0, seconds: got.seconds, command: line, ...(got.code !== 0 && { error: lastLine(got.output) }) };
  let build: Step | null = null;
  if (install.ok) {
    console.error(`${slug}: next build`);
    // This machine has no internet: Google fonts are answered here, as the audit does for its own build.
    const fonts = await offlineFonts(googleFonts(app, [app]), join(cache, 'google-fonts.cjs'));
    const built = await run(process.execPath, [nextBin(app), 'build'], app, { ...env, ...fonts.env });
    await fonts.stop();
    build = { ok: built.code === 0, seconds: built.seconds, command: 'next build', ...(built.code !== 0 && { error: buildFailureCause(built.output) }) };
  }
  writeFileSync(stateFile, JSON.stringify({ install, build }, null, 2));
  return { app, install, build };
}

/**
 * One audit of the app: the placed failures `entries` names (all under --full), and each of its own routes `routes` names
 * (`--route`: `--scenario` alone means placed failures only, so a truth with routes asks for them by name).
 */
async function audited(app: string, entries: string[] | null, routes: string[], env: NodeJS.ProcessEnv): Promise<AuditOutcome & { seconds: number }> {
  const out = mkdtempSync(join(tmpdir(), 'faultline-corpus-'));
  const selection = [...(entries ? entries.flatMap((id) => ['--scenario', id]) : []), ...routes.flatMap((route) => ['--route', route])];
  const got = await run(process.execPath, [join(root, 'bin', 'faultline.mjs'), 'audit', app, ...selection, '--out', out], root, env);
  const reportFile = join(out, 'report.json');
  const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : null;
  const faultlineLines = got.output.split('\n').filter((line) => line.startsWith('faultline: '));
  rmSync(out, { recursive: true, force: true });
  return { exit: got.code, line: faultlineLines.at(-1) ?? lastLine(got.output), report, seconds: got.seconds };
}

async function judgeApp(slug: string, source: string): Promise<Row> {
  const page = join(root, 'corpus', `${slug}.md`);
  const truth: Truth | null = existsSync(page) ? readTruth(readFileSync(page, 'utf8'), relative(root, page)) : null;
  const env = { ...process.env, CI: 'true', NEXT_TELEMETRY_DISABLED: '1', ...truth?.env };
  const { app, install, build } = await installed(slug, source, env);
  const failed = !install.ok ? install : build && !build.ok ? build : null;
  if (failed) return { slug, state: 'cannot', said: `\`${failed.command}\` fails here: ${failed.error}` };
  if (!truth) return { slug, state: 'no truth', said: 'installs and builds; not observed by hand yet (corpus/README.md)' };
  if (truth.cannot) return { slug, state: 'no truth', said: `builds here, where its truth says \`${truth.cannot.command}\` failed: observe it by hand again` };
  console.error(`${slug}: faultline audit`);
  const outcome = await audited(app, values.full ? null : entriesFor(truth, BASE_ENTRIES), routesFor(truth), env);
  const misses = untruths(truth, outcome).map((miss) => miss.replaceAll(app, 'the app').replace(/; its log: \S+/g, ''));
  // The cached copy's path says nothing to a reader of the table: the app is its row.
  const line = outcome.line.replaceAll(app, 'the app').replace(/; its log: \S+/g, '');
  const summary = outcome.exit === 2 ? line : `exit ${outcome.exit}, ${outcome.report?.entries.length ?? 0} entries judged`;
  return misses.length
    ? { slug, state: 'untrue', said: untrueSaid(summary, misses, truth) }
    : { slug, state: 'truthful', said: `${summary} (${outcome.seconds} s)` };
}

const apps = corpora
  .flatMap((corpus) => (existsSync(corpus) ? readdirSync(corpus).map((slug) => ({ slug, source: join(corpus, slug) })) : []))
  .filter(({ source }) => existsSync(join(source, 'INSTALL')))
  .filter(({ slug }) => !values.only || values.only.flatMap((only) => only.split(',')).includes(slug))
  .sort((a, b) => a.slug.localeCompare(b.slug));
if (apps.length === 0) {
  console.error(`faultline corpus: no app in ${corpora.join(', ')} (a folder with an INSTALL file)`);
  process.exit(2);
}
const rows: Row[] = [];
for (const { slug, source } of apps) {
  const row = await judgeApp(slug, source);
  console.error(`${slug}: ${row.state}: ${row.said}`);
  rows.push(row);
}
console.log(corpusTable(rows));
if (!values['no-docs']) {
  // A run of some apps (--only) replaces their rows; the others stay as the last run left them.
  const page = readFileSync(DOCS_PAGE, 'utf8');
  const all = values.only ? mergeRows(rowsOf(blockIn(page, 'docs/audit.md', CORPUS_BLOCK)), rows) : rows;
  writeFileSync(DOCS_PAGE, replaceBlock(page, 'docs/audit.md', CORPUS_BLOCK, corpusTable(all)));
}
