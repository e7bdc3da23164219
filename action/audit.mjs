// The GitHub Action's audit step (action.yml), run in the app's folder: faultline audits it, its
// outputs are written to the app's faultline-audit/, its counts become the step's outputs, and its
// exit code is the step's (1 only on findings the baseline does not accept).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const faultline = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'faultline.mjs');
const out = resolve('faultline-audit');
const input = (name) => process.env[`INPUT_${name}`]?.trim() ?? '';
const args = ['audit', '.'];
if (input('UPGRADE_TO')) args.push('--upgrade-to', input('UPGRADE_TO'));
if (input('BASELINE')) args.push('--baseline', input('BASELINE'));
if (input('CONFIG')) args.push('--config', input('CONFIG'));
args.push('--out', out);

const audited = spawnSync(process.execPath, [faultline, ...args], { stdio: 'inherit' });
const code = audited.status ?? 1;

const outputs = { out: existsSync(out) ? out : '', 'exit-code': String(code) };
const report = join(out, 'report.json');
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const findings = [...result.appFindings, ...result.entries.flatMap((entry) => entry.findings)];
  outputs.findings = String(findings.length);
  outputs.new = String(result.baseline ? result.baseline.new : findings.length);
  outputs.accepted = String(result.baseline?.accepted ?? 0);
  outputs.fixed = String(result.baseline?.fixed.length ?? 0);
}
if (process.env.GITHUB_OUTPUT)
  appendFileSync(
    process.env.GITHUB_OUTPUT,
    Object.entries(outputs)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );
process.exitCode = code;
