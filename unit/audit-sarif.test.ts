import { describe, expect, it } from 'vitest';
import { type AuditResult, auditAsSummary } from '../outputs/audit-report';
import { auditAsSarif, fixLocation } from '../outputs/audit-sarif';
import { FIX } from '../verdict/audit-reporting';
import { validSarif } from '../foreign-apps/sarif-schema';
import { folderWith } from './folder-with';

const validate = validSarif;

const app = folderWith(
  {
    'package.json': '{}',
    'src/instrumentation.ts': 'export {};\n',
    'sentry.server.config.ts': 'x\n',
    'next.config.mjs': 'export default {};\n',
    'src/app/page.tsx': 'export default function Page() {}\n',
  },
  'faultline-sarif-app-',
);

const result = {
  app: { root: app, name: 'shop', next: '16.4.5', appDir: 'src/app' },
  appFindings: [{ check: 'reported once', what: '2 reports no failure claims (sent while none ran, or after its own flush)', evidence: 'boom' }],
  baseline: { file: 'faultline-baseline.json', new: 2, accepted: 1, fixed: [] },
  unseen: [],
  entries: [
    {
      id: 'server-page-throws',
      lines: [],
      findings: [
        { check: 'reported once', what: "reported twice: by the server, and again as the browser's redacted copy", fix: FIX.twice, baseline: 'new' },
        { check: 'traceable', what: 'the digest on screen is in the server log but on no report', fix: FIX.untraceable, baseline: 'accepted' },
      ],
    },
    {
      id: 'throws-string',
      lines: [],
      findings: [
        {
          check: 'reported once',
          what: "a server failure is never reported: the server's Sentry SDK has no DSN: sentry.server.config.ts:5 takes it from SENTRY_DSN, which is not set where the server runs",
          fix: 'set `SENTRY_DSN` where the server runs (its environment, or `.env.production`)',
          baseline: 'new',
        },
      ],
    },
  ],
} as unknown as AuditResult;

describe("an audit's findings as SARIF 2.1.0, for code scanning", () => {
  it('is valid against SARIF’s schema: a rule per check and kind, a result per finding, new or unchanged against the baseline', () => {
    const sarif = auditAsSarif(result, '0.1.0') as { runs: { tool: { driver: { rules: { id: string }[] } }; results: Record<string, any>[] }[] };
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    const broken = { ...sarif, runs: [{ ...sarif.runs[0], results: [{ ...sarif.runs[0].results[0], level: 'fatal' }] }] };
    expect(validate(broken), 'the schema refuses a level SARIF has not').toBe(false);
    const [run] = sarif.runs;
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual([
      'reported-once/n-reports-no-failure-claims-sent-while-none-ran-or-after-its-own-flush',
      'reported-once/reported-twice',
      'reported-once/a-server-failure-is-never-reported',
      'traceable/the-digest-on-screen-is-in-the-server-log-but-on-no-report',
    ]);
    expect(run.results.map((found) => [found.ruleId, found.level, found.baselineState ?? null])).toEqual([
      ['reported-once/n-reports-no-failure-claims-sent-while-none-ran-or-after-its-own-flush', 'error', null],
      ['reported-once/reported-twice', 'error', 'new'],
      ['reported-once/a-server-failure-is-never-reported', 'error', 'new'],
      ['traceable/the-digest-on-screen-is-in-the-server-log-but-on-no-report', 'note', 'unchanged'],
    ]);
  });

  it("locates each finding in the app's file where its fix lands, as the app names it, or where Next would read it once written", () => {
    const at = (what: string, fix?: string) => fixLocation({ what, fix }, { root: app, appDir: 'src/app' });
    expect(at('reported twice', FIX.twice)).toEqual({ file: 'src/app/global-error.tsx', line: 1 });
    expect(at('x', FIX.serverMissing)).toEqual({ file: 'src/instrumentation.ts', line: 1 });
    expect(at('no DSN: sentry.server.config.ts:5 takes it from SENTRY_DSN')).toEqual({ file: 'sentry.server.config.ts', line: 5 });
    expect(at('x', 'set `experimental.authInterrupts` in `next.config.*`')).toEqual({ file: 'next.config.mjs', line: 1 });
    expect(at('2 reports no failure claims')).toEqual({ file: 'package.json', line: 1 });
    // A fix that names no file, by what it changes: the error screen, the proxy, the server's Sentry setup.
    expect(at('the screen says a client-side exception occurred', FIX.wrongSide)).toEqual({ file: 'src/app/global-error.tsx', line: 1 });
    expect(at('a server failure is never reported', FIX.proxyMissing)).toEqual({ file: 'src/proxy.ts', line: 1 });
    expect(at("the reports carry the client's address", FIX.privacy)).toEqual({ file: 'sentry.server.config.ts', line: 1 });
    // Where the judgement read the line that causes it (the source check's config lines), there, whatever its words say.
    const located = (where: string) =>
      fixLocation({ what: 'map missing', fix: 'productionBrowserSourceMaps: true', at: where }, { root: app, appDir: 'src/app' });
    expect(located('next.config.mjs:4')).toEqual({ file: 'next.config.mjs', line: 4 });
    expect(located('next.config.mjs')).toEqual({ file: 'next.config.mjs', line: 1 });
  });

  it('writes the summary a pull request comment and the job summary show: counts, new findings first', () => {
    expect(auditAsSummary(result).split('\n').slice(0, 8)).toEqual([
      '## faultline audit of shop',
      '',
      'next 16.4.5 · 2 failures judged · **4 findings** · against `faultline-baseline.json`: **2 new**, 1 accepted, 0 fixed',
      '',
      '| | check | finding | in | fix |',
      '|---|---|---|---|---|',
      '| finding | reported once | 2 reports no failure claims (sent while none ran, or after its own flush) | the whole app |  |',
      "| new | reported once | reported twice: by the server, and again as the browser's redacted copy | " +
        'server-page-throws | let `global-error.tsx` capture only errors without a `digest` (the server already ' +
        'reported those with one) |',
    ]);
  });
});
