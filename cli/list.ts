import type { Scenario } from '../scenarios/schema';
import { expectedOutcome } from '../scenarios/outcome';
import { block } from './docs-blocks';

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
