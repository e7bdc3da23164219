import type { Scenario } from '../scenarios/schema';
import type { BuildFailure } from '../scenarios/build-failures';
import { CONFIGURATIONS } from '../scenarios/configurations';
import { expectedOutcome } from '../scenarios/outcome';
import { block } from '../outputs/docs-blocks';

export function catalogueAsJson(catalogue: readonly Scenario[]): string {
  return JSON.stringify(catalogue, null, 2);
}

export function catalogueAsTable(catalogue: readonly Scenario[]): string {
  const rows = catalogue.map((s) => [s.id, s.failureClass, s.trigger.kind, expectedOutcome(s), s.title]);
  const header = ['ID', 'CLASS', 'TRIGGER', 'EXPECTED', 'TITLE'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

export function expectedReportsInWords(scenario: Scenario): string {
  if (scenario.reports.length === 0) return 'nothing';
  return scenario.reports.map((r) => `${r.runtime}${r.type === 'Error' ? '' : ` ${r.type}`}${r.digest ? ' + digest tag' : ''}`).join(', ');
}

/** The catalogue table of docs/catalogue.md (`npm run docs` writes it; `faultline list --markdown` prints it). */
export const CATALOGUE_BLOCK = block('catalogue', '`npm run docs`');

export function catalogueAsMarkdown(catalogue: readonly Scenario[]): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;');
  const rows = catalogue.map(
    (s) => `| \`${s.id}\` | ${s.failureClass} | ${s.trigger.kind} | ${expectedOutcome(s)} | ${expectedReportsInWords(s)} | ${escape(s.title)} |`,
  );
  return ['| id | class | trigger | expected screen | reported (once each) | title |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** What a build-time entry's build prints first: Next's words for the failure. */
const firstPrinted = (entry: BuildFailure) => entry.expect.prints[0];

/** The catalogue's build-time part (each stops `next build`), as `faultline list` prints it after the catalogue. */
export function buildFailuresAsTable(entries: readonly BuildFailure[]): string {
  if (entries.length === 0) return '';
  const rows = entries.map((entry) => [entry.id, CONFIGURATIONS[entry.configuration].title, entry.title]);
  const header = ['ID', 'STOPS next build UNDER', 'TITLE'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  return ['Build-time entries: each stops next build (faultline run checks them under their configuration)', '', line(header), ...rows.map(line)].join('\n');
}

/** The build-time table of docs/catalogue.md (`npm run docs` writes it; `faultline list --markdown` prints it after the catalogue's). */
export const BUILD_FAILURES_BLOCK = block('build-failures', '`npm run docs`');

export function buildFailuresAsMarkdown(entries: readonly BuildFailure[]): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;');
  const rows = entries.map(
    (entry) =>
      `| \`${entry.id}\` | ${CONFIGURATIONS[entry.configuration].title} | \`${entry.path}\` | ${escape(firstPrinted(entry))} | ${entry.expect.digest ? 'yes' : 'no'} | ${escape(entry.title)} |`,
  );
  return ['| id | stops `next build` under | route | first it prints (16.4.5) | digest in the log | title |', '|---|---|---|---|---|---|', ...rows].join('\n');
}
