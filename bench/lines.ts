/**
 * `npm run lines`: how much of faultline is one engine. The modules `faultline run` reaches and
 * those `faultline audit` reaches (esbuild's import graph from each command's entries: the CLI,
 * the spec, the reporter, what runs in the server), counted in lines: shared, the run's alone, the
 * audit's alone; and of the audit's alone, those that stand where the run has a layer of its own
 * (a second way to do what the run does, issue #39's measure) against what only an audit needs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importGraph } from './import-graph';

const root = join(import.meta.dirname, '..');

const RUN = [
  'cli/run.ts',
  'cli/repro.ts',
  'cli/matrix.ts',
  'e2e/catalogue.spec.ts',
  'e2e/global-setup.ts',
  'outputs/reporters/conformance-reporter.ts',
  // The matrix's run is followed by it, as the audit is.
  'outputs/reporters/events-reporter.ts',
  'instrumentation.ts',
];
const AUDIT = [
  'cli/audit.ts',
  'audit/kinds/placed/worker/placed.spec.ts',
  'audit/kinds/routes/worker/routes.spec.ts',
  'audit/kinds/routes/server/recorder.mjs',
  'outputs/reporters/events-reporter.ts',
  'app-server/audit-intercept.mjs',
  'audit/app/next-config.cjs',
];
/** Shared by construction: the project's config (the command line, `cli/main.ts`, reaches every command and is left out). */
const COMMON = ['playwright.config.ts'];

/**
 * The audit's own modules that stand where the run has a layer of its own, by that layer (the
 * table of issue #39); every other audit-only module does what a run has no need of (placing the
 * catalogue in a copy of the app and building it, its config, its baseline, SARIF).
 */
const PARALLEL: Record<string, string> = {
  // The runner's result composed, where cli/run.ts stands; placing and building (build-placed.ts) is the audit's own.
  'audit/test-phase.ts': 'orchestration',
  // What its workers read of the audited target (the run's say as much in the environment: harness/target.ts).
  'audit/target-plan.ts': "the target's plan",
  'audit/kinds/placed/worker/drive.ts': 'trigger',
  'worker/quiet-page.ts': 'a page settled',
  'audit/kinds/placed/worker/observe.ts': 'observation',
  'audit/kinds/placed/worker/check.ts': 'observation',
  'worker/audited-test.ts': 'session',
  'worker/audited-session.ts': 'session',
  // An entry's check begun, its outcome short of a judgement, its record attached: the audited target's, for every kind.
  'worker/audited-check.ts': 'session',
  'audit/kinds/placed/worker/claims.ts': 'claiming a report',
  'audit/kinds/placed/lanes.ts': 'claiming a report',
  'app-server/audit-intercept.mjs': 'server reports',
  'outputs/audit-report.ts': 'outputs',
};

/**
 * The layers issue #39 asks to be a target's policy behind one interface ("start, mark, log since
 * a mark, settle the server, the reports claimed for a check: how reports are read, how a report
 * is claimed, how a page is known to have settled"): the audited target's `Session`, its server
 * read through the intercept, its claiming by content, its quiet document; and the plan its target
 * carries to the workers (issue #82: the audit a target like the others). The rest is a second way
 * of doing what the run does, still to be made one.
 */
const POLICY = new Set(['session', 'server reports', 'claiming a report', 'a page settled', "the target's plan"]);

const reached = async (entries: readonly string[]) => new Set(Object.keys(await importGraph(root, entries)));

const lines = (file: string) => readFileSync(join(root, file), 'utf8').split('\n').length - 1;
const sum = (files: readonly string[]) => files.reduce((total, file) => total + lines(file), 0);

const run = await reached([...RUN, ...COMMON]);
const audit = await reached([...AUDIT, ...COMMON]);
// The app's own files (the reference app the run checks) are not the harness.
const harnessSide = (file: string) => !/^(app|bundled|ingest)\//.test(file) && !/^(next\.config|proxy|instrumentation-client)\.ts$/.test(file);
const shared = [...run].filter((file) => audit.has(file) && harnessSide(file)).sort();
const runOnly = [...run].filter((file) => !audit.has(file) && harnessSide(file)).sort();
const auditOnly = [...audit].filter((file) => !run.has(file)).sort();
const parallel = auditOnly.filter((file) => file in PARALLEL);
const own = auditOnly.filter((file) => !(file in PARALLEL));

console.log(`shared by run and audit   ${String(sum(shared)).padStart(6)} lines in ${shared.length} files`);
console.log(`the run's alone           ${String(sum(runOnly)).padStart(6)} lines in ${runOnly.length} files`);
console.log(`the audit's alone         ${String(sum(auditOnly)).padStart(6)} lines in ${auditOnly.length} files`);
console.log(`  where the run has a layer of its own: ${sum(parallel)} lines`);
const layers = [...new Set(Object.values(PARALLEL))];
for (const [kind, ofKind] of [
  ["the audited target's policy (issue #39's list, and #82's plan)", layers.filter((layer) => POLICY.has(layer))],
  ['a second way of what the run does', layers.filter((layer) => !POLICY.has(layer))],
] as const) {
  const files = parallel.filter((file) => ofKind.includes(PARALLEL[file]));
  console.log(`    ${kind}: ${sum(files)} lines`);
  for (const layer of ofKind) {
    const inLayer = files.filter((file) => PARALLEL[file] === layer);
    console.log(`      ${layer.padEnd(18)} ${String(sum(inLayer)).padStart(5)}  ${inLayer.map((file) => `${file} (${lines(file)})`).join(', ')}`);
  }
}
console.log(`  what only an audit needs: ${sum(own)} lines in ${own.length} files`);
if (process.argv.includes('--files')) for (const file of own) console.log(`    ${file} (${lines(file)})`);
const stale = Object.keys(PARALLEL).filter((file) => !auditOnly.includes(file));
if (stale.length > 0) console.log(`(named as parallel but not the audit's alone: ${stale.join(', ')})`);
