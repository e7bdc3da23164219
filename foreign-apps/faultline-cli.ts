import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { AuditResult } from '../verdict/audit-result';
import { withoutTarget } from '../harness/target';
import { runBin, runFaultline, startFaultline, type CliResult } from '../selftest/run-cli';

/** How the tests of this project run faultline: its bin, as a user does, with what it printed and its exit code. */
export const faultline = (args: string[], env: Record<string, string> = {}): Promise<CliResult> => runFaultline(args, { env: { ...withoutTarget(), ...env } });

/** faultline's bin run from `cwd` (a team's app), with what it printed and its exit code. */
export const faultlineIn = (cwd: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> =>
  runFaultline(args, { cwd, env: { ...withoutTarget(), ...env } });

/** The faultline a team installed in its app (`npm i -D faultline`), run from the app as `npx faultline` runs it: the bin npm linked. */
export const installedFaultlineIn = (cwd: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> =>
  runBin(join(cwd, 'node_modules', '.bin', 'faultline'), args, { cwd, env: { ...withoutTarget(), ...env } });

/**
 * Every file of the app with a hash of its bytes (its install, git and the folders in `leaveOut`
 * aside; what is neither a file nor a folder, by its kind): computed here, not by the code under test.
 */
export function tree(dir: string, base = dir, leaveOut: readonly string[] = []): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === '.git' || (dir === base && leaveOut.includes(name))) return [];
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) return tree(path, base, leaveOut);
    if (!stat.isFile()) return [`${relative(base, path)} ${stat.isFIFO() ? 'fifo' : stat.isSymbolicLink() ? 'link' : 'other'}`];
    return [`${relative(base, path)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`];
  });
}

/** `faultline audit APP` started into a fresh folder, its output readable as it comes (for what happens to it meanwhile). */
export function startAudit(app: string, args: string[] = [], env: Record<string, string> = {}, out = mkdtempSync(join(tmpdir(), 'faultline-audit-'))) {
  return { out, ...startFaultline(['audit', app, '--out', out, ...args], { env: { ...withoutTarget(), ...env } }) };
}

/** `faultline audit APP` to its end, with its report (when it wrote one). */
export async function auditApp(app: string, args: string[] = [], env: Record<string, string> = {}) {
  const { out, output, exited } = startAudit(app, args, env);
  const code = await exited;
  let report: AuditResult | null = null;
  try {
    report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as AuditResult;
  } catch {
    // No report: the audit stopped before judging (its exit code and line say why).
  }
  return { code, ...output, out, report };
}

/** The lines faultline wrote on stderr (npm's warnings of an app's install aside). */
export const stderrLines = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('npm warn'));

/**
 * An entry's findings about its failure behaviour, each as `check: what`: the source check's, about
 * the build's maps rather than the failure, are pinned where a spec is about them (`tracedOf`).
 */
export const findingsOf = (report: AuditResult, id: string) =>
  report.entries
    .find((entry) => entry.id === id)!
    .findings.filter((finding) => finding.check !== 'source')
    .map((finding) => `${finding.check}: ${finding.what}`);

/** What the source check said of an entry's reports, each as `runtime reporter: result`, and its findings as `level what`. */
export function tracedOf(report: AuditResult, id: string) {
  const entry = report.entries.find((judged) => judged.id === id)!;
  return {
    state: entry.checks.source,
    traced: (entry.traceableToSource ?? []).map((one) => `${one.runtime} ${one.reporter}: ${one.result}`),
    findings: entry.findings
      .filter((finding) => finding.check === 'source')
      .map((finding) => `${finding.level ?? 'error'} ${finding.what} (at ${finding.at ?? 'none'})`),
  };
}

/**
 * What the Sentry-guide app is found to do on a server failure (`server-page-throws`), observed and
 * checked by hand: the golden copy each spec of an app built on the guide compares with.
 */
export const GUIDE_SERVER_FAILURE_FINDINGS = [
  'screen: the screen says a client-side exception occurred, for a server-side failure',
  'screen: no reference the user could quote: the digest the server log prints is not on the screen',
  "reported once: reported twice: by the server, and again as the browser's redacted copy",
  "privacy: the reports carry the client's address",
  'privacy: the reports carry request headers outside the allow-list',
];
