import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_CLASS, type AuditResult } from '../verdict/audit-result';
import { escapeMarkup } from './grid';

/**
 * `audit.html`'s section on the app's own routes: per route, the backends it called (with the
 * calling line), then a row per fault beside the route as the machine had its backends: what the
 * user saw, the status, what was reported, what was found, and the screen itself.
 */

type Entry = AuditResult['entries'][number];

/** A screenshot inlined (the report is one file), or nothing where none was taken. */
function thumbnail(dir: string, screenshot: string | null, alt: string): string {
  if (!screenshot || !existsSync(join(dir, screenshot))) return '';
  return `<img class="thumb" src="data:image/png;base64,${readFileSync(join(dir, screenshot)).toString('base64')}" alt="${escapeMarkup(alt)}">`;
}

/** One row: a load of the route, its screen and what came of it. */
function loadRow(
  dir: string,
  entry: Entry,
  row: { label: string; status: number; screen: string; lines: string[]; reports: number; findings: string[]; screenshot: string | null },
) {
  const found = row.findings.length ? `<ul>${row.findings.map((what) => `<li>${escapeMarkup(what)}</li>`).join('')}</ul>` : 'none';
  return (
    `<tr><th scope="row">${escapeMarkup(row.label)}</th><td>${row.status}</td><td>${escapeMarkup(row.screen)}<div class="lines">${escapeMarkup(row.lines.slice(0, 2).join(' / '))}</div></td>` +
    `<td>${row.reports}</td><td>${found}</td><td>${thumbnail(dir, row.screenshot, `${entry.id} ${row.label}`)}</td></tr>`
  );
}

/** A route's part: its backends, then its loads. */
function routePart(dir: string, entry: Entry): string {
  const route = entry.route!;
  const backends = route.backends.length
    ? `<p>Backends: ${route.backends
        .map(
          ({ backend, sides, asked, at }) =>
            `<code>${escapeMarkup(backend)}</code> (${escapeMarkup([sides.join(', '), asked.slice(0, 3).join(', '), at ? `called at ${at}` : ''].filter(Boolean).join('; '))})`,
        )
        .join(', ')}</p>`
    : '<p>It called no backend this audit could fail: nothing to fault.</p>';
  const rows = [
    loadRow(dir, entry, {
      label: 'as the machine has its backends',
      status: entry.status,
      screen: entry.screen,
      lines: entry.lines,
      reports: entry.reports.length,
      findings: [],
      screenshot: entry.screenshot,
    }),
    ...route.faults.map((fault) =>
      loadRow(dir, entry, {
        label: `${fault.backend} ${fault.fault === '500' ? 'answering 500' : fault.fault === 'hang' ? 'hanging' : 'refused'}`,
        status: fault.status,
        screen: fault.screen,
        lines: fault.lines.length === 0 && fault.unanswered ? [`no answer: ${fault.unanswered}`] : fault.lines,
        reports: fault.reports.length,
        findings:
          fault.met === false
            ? ['not judged: this load never called the backend']
            : fault.findings.map((finding) => `${finding.check}: ${finding.what.replace(/^with \S+ [^:]+: /, '')}`),
        screenshot: fault.screenshot,
      }),
    ),
  ];
  const heads = ['backend', 'status', 'the user saw', 'reports', 'findings', 'screen'].map((head) => `<th scope="col">${head}</th>`).join('');
  const table = `<table><thead><tr>${heads}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody></table>`;
  return `<h3><code>${escapeMarkup(entry.id)}</code> at <code>${escapeMarkup(entry.url)}</code></h3>\n${backends}\n${route.faults.length ? table : ''}`;
}

/** The routes' section, or nothing where the audit loaded no route of the app's own. */
export function routesSection(result: AuditResult, dir: string): string {
  const routes = result.entries.filter((entry) => entry.failureClass === ROUTE_CLASS && entry.route);
  if (routes.length === 0) return '';
  return `<h2 id="routes">Your routes when their backends fail</h2>\n${routes.map((entry) => routePart(dir, entry)).join('\n')}`;
}
