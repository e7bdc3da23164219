// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { auditAsHtml, auditAsJunit, auditAsTable, type AuditResult } from '../outputs/audit-report';
import { AUDIT_CHECKS, type Finding } from '../verdict/finding';
import { smallAudit } from './audit-results';

const result = smallAudit;

describe("an audit's table of entries", () => {
  it('names each check once, and what the user saw apart from the screen check', () => {
    const header = auditAsTable(result).split('\n')[0];
    for (const check of AUDIT_CHECKS) expect(header.split(check).length - 1, check).toBe(1);
    expect(header.trimEnd().endsWith('the user saw')).toBe(true);

    const html = new DOMParser().parseFromString(auditAsHtml(result, '/tmp'), 'text/html');
    const entryColumns = [...html.querySelectorAll('#entries thead th')].map((column) => column.textContent);
    expect(entryColumns).toHaveLength(3 + AUDIT_CHECKS.length);
    expect(entryColumns.filter((column) => column === 'screen')).toHaveLength(1);
    expect(entryColumns).toContain('the user saw');
  });
});

describe('audit.html', () => {
  it('says so where a section has nothing to show, not an empty section', () => {
    const html = new DOMParser().parseFromString(auditAsHtml(result, '/tmp'), 'text/html');
    const heading = [...html.querySelectorAll('h2')].find((h2) => h2.textContent === 'Findings')!;
    expect(heading.nextElementSibling?.outerHTML).toBe('<p class="none">None.</p>');
    expect(html.querySelector('main')!.lastElementChild?.textContent, 'nor an empty list of what does not apply').toBe(
      'Nothing: every failure placed applies to it.',
    );
  });
});

describe("an audit's reports traced to source", () => {
  it("shows, in audit.html, each report's raw frame beside the one it resolved to, by entry and runtime, with the result", () => {
    const seen = 'app:///_next/server/chunks/ssr/x.js:2:1817 (d) -> app/faultline-audit/_throwers/server.jsx:7:13, by debug ID';
    const traced = { runtime: 'node', reporter: 'Sentry', result: 'ok', seen, findings: [] };
    const html = new DOMParser().parseFromString(
      auditAsHtml({ ...result, entries: [{ ...result.entries[0], traceableToSource: [traced] }] } as AuditResult, '/tmp'),
      'text/html',
    );
    const rows = [...html.querySelectorAll('#source tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([['server-page-throws', 'node', 'Sentry', 'ok', seen]]);
  });
});

describe("an audit's entries not applicable", () => {
  it('are said once per reason, with the entries it holds for: a Pages-only app has no App Router, which one line says', () => {
    const noAppRouter = 'the app has no App Router (no app/ folder): its failures cannot happen there';
    const notApplicable = [
      ...['server-page-throws', 'nested-layout-throws', 'root-layout-throws', 'async-component-rejects'].map((id) => ({ id, why: noAppRouter })),
      { id: 'pages-app-gip-throws', why: "_app is the app's own: faultline does not replace it" },
    ];
    const lines = auditAsTable({ ...result, notApplicable } as AuditResult).split('\n');
    expect(lines.slice(lines.indexOf('Not applicable to this app (5):') + 1)).toEqual([
      `  – server-page-throws, nested-layout-throws, root-layout-throws and 1 more: ${noAppRouter}`,
      "  – pages-app-gip-throws: _app is the app's own: faultline does not replace it",
    ]);
  });
});

describe("an audit's JUnit", () => {
  it('is XML whose attributes say an app name and a finding as they are, markup and quotes included', () => {
    const what = `the page shows "it's <b>broken</b>" & more`;
    const finding: Finding = { check: 'screen', what };
    const withFinding = {
      ...result,
      app: { ...result.app, name: "team's <app>" },
      entries: [{ ...result.entries[0], checks: { ...result.entries[0].checks, screen: 'finding' }, findings: [finding] }],
    } as unknown as AuditResult;
    const xml = new DOMParser().parseFromString(auditAsJunit(withFinding), 'application/xml');
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(xml.querySelector('testsuite')?.getAttribute('name')).toBe("team's <app>");
    expect(xml.querySelector('failure')?.getAttribute('message')).toBe(what);
  });
});
