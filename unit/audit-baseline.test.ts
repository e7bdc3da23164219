import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASELINE_FILE, readBaseline, withBaseline } from '../audit/baseline-file';
import { baselineNamed } from '../audit/job';
import { auditAsJunit, baselineLine, type AuditResult } from '../outputs/audit-report';
import type { CannotRun } from '../harness/failures';
import { folderWith } from './folder-with';
import { baselineOf, compareWithBaseline, prunedBaseline, WHOLE_APP, type Baseline } from '../verdict/baseline';
import { AUDIT_CHECKS, type Finding } from '../verdict/finding';

const twice: Finding = { check: 'reported once', what: 'the server reports it 2 times, where it fails once' };
const noDigest: Finding = { check: 'traceable', what: 'the digest on screen is in the server log but on no report', evidence: 'digest 82469347' };
const address: Finding = { check: 'privacy', what: "the server's report carries the client's address" };
const audit = (entries: Record<string, Finding[]>, appFindings: Finding[] = []) => ({
  appFindings,
  entries: Object.entries(entries).map(([id, findings]) => ({ id, findings })),
});

describe("a team's baseline of accepted findings", () => {
  it('holds each finding by check, kind and entry, its counts and digests left out, in a stable order', () => {
    const first = baselineOf(
      audit({ 'server-page-throws': [noDigest, address], 'route-handler-throws': [twice] }, [{ check: 'reported once', what: '2 reports no failure claims' }]),
    );
    expect(first.findings).toEqual([
      { check: 'privacy', entry: 'server-page-throws', kind: "the server's report carries the client's address" },
      { check: 'reported once', entry: 'route-handler-throws', kind: 'the server reports it N times, where it fails once' },
      { check: 'reported once', entry: WHOLE_APP, kind: 'N reports no failure claims' },
      { check: 'traceable', entry: 'server-page-throws', kind: 'the digest on screen is in the server log but on no report' },
    ]);
    const again = baselineOf(
      audit(
        {
          'route-handler-throws': [{ ...twice, what: 'the server reports it 3 times, where it fails once' }],
          'server-page-throws': [address, { ...noDigest, evidence: 'digest 1' }],
        },
        [{ check: 'reported once', what: '5 reports no failure claims' }],
      ),
    );
    expect(JSON.stringify(again), 'the same findings, another run').toBe(JSON.stringify(first));
  });

  it('marks what it accepts and what is new, and names what was fixed since among the entries judged', () => {
    const baseline = baselineOf(audit({ 'server-page-throws': [noDigest, address], 'client-effect-throws': [address] }));
    const now = audit({ 'server-page-throws': [noDigest, twice] });
    const { result, comparison } = compareWithBaseline(now, baseline, 'faultline-baseline.json', { wholeApp: false });
    expect(result.entries[0].findings.map(({ check, baseline }) => `${check}: ${baseline}`)).toEqual(['traceable: accepted', 'reported once: new']);
    // client-effect-throws was not judged this time (another --scenario): its finding stays accepted, never "fixed".
    expect(comparison).toEqual({
      file: 'faultline-baseline.json',
      new: 1,
      accepted: 1,
      fixed: [{ check: 'privacy', entry: 'server-page-throws', kind: "the server's report carries the client's address" }],
    });
    expect(prunedBaseline(baseline, comparison).findings.map(({ entry, check }) => `${entry} ${check}`)).toEqual([
      'client-effect-throws privacy',
      'server-page-throws traceable',
    ]);
  });

  it("judges the whole app's findings only in an audit of the whole app, never under --scenario or --shard", () => {
    const unclaimed: Finding = { check: 'reported once', what: '2 reports no failure claims' };
    const baseline = baselineOf(audit({ 'server-page-throws': [twice] }, [unclaimed]));
    const part = compareWithBaseline(audit({ 'server-page-throws': [twice] }), baseline, 'b.json', { wholeApp: false });
    expect(part.comparison.fixed, 'the reports no failure claims may come from an entry not run').toEqual([]);
    const whole = compareWithBaseline(audit({ 'server-page-throws': [twice] }), baseline, 'b.json', { wholeApp: true });
    expect(whole.comparison.fixed).toEqual([{ check: 'reported once', entry: WHOLE_APP, kind: 'N reports no failure claims' }]);
  });

  it('takes a new kind of finding in an entry as new, though the entry had another of the same check', () => {
    const baseline = baselineOf(audit({ 'server-page-throws': [twice] }));
    const { comparison } = compareWithBaseline(
      audit({ 'server-page-throws': [{ check: 'reported once', what: 'a server failure is never reported' }] }),
      baseline,
      'b.json',
      { wholeApp: true },
    );
    expect([comparison.new, comparison.accepted, comparison.fixed.length]).toEqual([1, 0, 1]);
  });
});

/** Every check holding, as an entry without findings has them. */
const OK = Object.fromEntries(AUDIT_CHECKS.map((check) => [check, 'ok']));

describe('the baseline file, read and written where the team keeps its app', () => {
  const found = (what: string): Finding => ({ check: 'reported once', what });
  const result = (findings: Finding[]) =>
    ({ appFindings: [], entries: [{ id: 'server-page-throws', findings, checks: { ...OK, 'reported once': 'finding' } }] }) as unknown as AuditResult;

  it("is named as the app names it: one in the app (its config's, or --baseline's) by its path there, one elsewhere as given", () => {
    expect(baselineNamed('/work/shop', null)).toBe(BASELINE_FILE);
    expect(baselineNamed('/work/shop', '/work/shop/faultline-baseline.json')).toBe(BASELINE_FILE);
    expect(baselineNamed('/work/shop', '/work/shop/ci/accepted.json')).toBe('ci/accepted.json');
    expect(baselineNamed('/work/shop', '/work/other/faultline-baseline.json')).toBe('/work/other/faultline-baseline.json');
  });

  it('refuses a file that is not a baseline, every problem at once, each naming its field (the part: the baseline)', () => {
    const dir = folderWith(
      { 'faultline-baseline.json': JSON.stringify({ version: 2, findings: [{ check: 'speed', entry: '', kind: 'x' }] }) },
      'faultline-baseline-',
    );
    const refused = (() => {
      try {
        readBaseline(join(dir, 'faultline-baseline.json'));
      } catch (error) {
        return error as CannotRun;
      }
    })();
    expect(refused?.part).toBe('baseline');
    expect(refused?.message).toMatch(/version: .*; findings\.0\.check: .*; findings\.0\.entry: /);
    writeFileSync(join(dir, 'faultline-baseline.json'), '{ "version": 1,');
    expect(() => readBaseline(join(dir, 'faultline-baseline.json'))).toThrow(/is not JSON .*--update-baseline writes one/);
  });

  it('writes the baseline when asked, then reads each audit against it; prunes what was fixed when asked; nothing when there is none', () => {
    const dir = folderWith({}, 'faultline-baseline-');
    const file = join(dir, 'faultline-baseline.json');
    const said: string[] = [];
    const request = { file, named: 'faultline-baseline.json', update: false, prune: false, wholeApp: true };
    expect(withBaseline(result([found('a server failure is never reported')]), request, (line) => said.push(line)).baseline).toBeUndefined();
    const updated = withBaseline(result([found('a server failure is never reported')]), { ...request, update: true }, (line) => said.push(line));
    expect([updated.baseline, JSON.parse(readFileSync(file, 'utf8')).findings.length]).toEqual([
      { file: 'faultline-baseline.json', new: 0, accepted: 1, fixed: [] },
      1,
    ]);
    const regressed = withBaseline(result([found('a server failure is never reported'), found('reported twice')]), request, () => {});
    expect([
      regressed.baseline?.new,
      regressed.baseline?.accepted,
      auditAsJunit({ ...regressed, app: { name: 'app' }, notJudged: [] } as unknown as AuditResult),
    ]).toEqual([1, 1, expect.stringContaining('failures="1"')]);
    const fixed = withBaseline(result([]), { ...request, prune: true }, (line) => said.push(line));
    expect([fixed.baseline?.fixed.length, JSON.parse(readFileSync(file, 'utf8')).findings]).toEqual([1, []]);
    expect(said).toEqual([`Baseline: 1 finding accepted in ${file}`, `Baseline: 1 fixed finding dropped from ${file}`]);
  });

  it('updated by an audit of some entries (--scenario), keeps what it accepted of the others and of the whole app', () => {
    const file = join(folderWith({}, 'faultline-baseline-'), 'faultline-baseline.json');
    const unclaimed: Finding = { check: 'reported once', what: '2 reports no failure claims' };
    writeFileSync(file, JSON.stringify(baselineOf(audit({ 'client-effect-throws': [address], 'server-page-throws': [twice] }, [unclaimed]))));
    const request = { file, named: 'faultline-baseline.json', update: true, prune: false, wholeApp: false };
    const updated = withBaseline(result([found('a server failure is never reported')]), request, () => {});
    expect((JSON.parse(readFileSync(file, 'utf8')) as Baseline).findings.map(({ entry, kind }) => `${entry}: ${kind}`)).toEqual([
      "client-effect-throws: the server's report carries the client's address",
      'server-page-throws: a server failure is never reported',
      `${WHOLE_APP}: N reports no failure claims`,
    ]);
    expect(updated.baseline).toEqual({ file: 'faultline-baseline.json', new: 0, accepted: 1, fixed: [] });
  });

  it('ends the audit’s output with what is new, accepted and fixed, and passes a JUnit check whose findings are all accepted', () => {
    expect(
      baselineLine({
        file: 'faultline-baseline.json',
        new: 1,
        accepted: 2,
        fixed: [{ check: 'privacy', entry: 'server-page-throws', kind: "the server's report carries the client's address" }],
      }),
    ).toBe(
      "Baseline faultline-baseline.json: 1 new, 2 accepted, 1 fixed since (--prune-baseline drops them)\n  fixed: privacy: the server's report carries the client's address (in server-page-throws)",
    );
    const accepted = {
      app: { name: 'app' },
      notJudged: [],
      baseline: { file: 'b.json', new: 0, accepted: 1, fixed: [] },
      entries: [{ id: 'server-page-throws', checks: { ...OK, 'reported once': 'finding' }, findings: [{ ...found('reported twice'), baseline: 'accepted' }] }],
    } as unknown as AuditResult;
    expect(auditAsJunit(accepted)).toContain('failures="0"');
    expect(auditAsJunit(accepted)).toContain('<skipped message="accepted in b.json: reported twice"/>');
  });
});
