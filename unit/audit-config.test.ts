import { describe, expect, it } from 'vitest';
import { parseAuditArgs } from '../cli/audit';
import { withConfig, type AuditJob } from '../audit/job';
import { leveled } from '../audit/judge';
import { readAuditConfig } from '../audit/job';
import type { CannotRun } from '../harness/failures';
import { catalogue } from '../scenarios/catalogue';
import { auditEntry } from '../audit/kinds/placed/judge';
import type { Finding } from '../verdict/finding';
import { failingFindings, withLevels } from '../verdict/levels';
import { folderWith } from './folder-with';
import { auditedServerFailure } from './observations';

const appWith = (files: Record<string, string>) => folderWith(files, 'faultline-config-');

const refusal = async (files: Record<string, string>) => {
  try {
    await readAuditConfig(appWith(files));
  } catch (error) {
    return error as CannotRun;
  }
  throw new Error('the config was taken');
};

describe("a team's audit config in its app", () => {
  it('reads faultline.config.json, and none where there is none', async () => {
    expect(await readAuditConfig(appWith({ 'package.json': '{}' }))).toBeNull();
    const config = await readAuditConfig(
      appWith({
        'faultline.config.json': JSON.stringify({
          checks: { screen: 'warn', privacy: 'off' },
          skip: { 'client-effect-throws': 'the page it needs is gone' },
          privacy: { allow: ['user.ip_address'] },
          cookies: ['session=abc'],
          next: ['16.1.7'],
          out: 'reports/faultline',
        }),
      }),
    );
    expect(config).toEqual({
      file: 'faultline.config.json',
      checks: { screen: 'warn', privacy: 'off' },
      skip: { 'client-effect-throws': 'the page it needs is gone' },
      privacyAllow: ['user.ip_address'],
      cookies: ['session=abc'],
      next: ['16.1.7'],
      out: 'reports/faultline',
      routes: {},
    });
  });

  it('reads an ES module’s default export (faultline.config.mjs)', async () => {
    const config = await readAuditConfig(appWith({ 'faultline.config.mjs': "export default { checks: { traceable: 'off' } };\n" }));
    expect(config?.checks).toEqual({ traceable: 'off' });
  });

  it('refuses a config that is not one, every problem at once, each naming its field (the part: the config)', async () => {
    const refused = await refusal({
      'faultline.config.json': JSON.stringify({
        checks: { speed: 'error', screen: 'loud' },
        skip: { 'no-such-entry': 'x' },
        cookies: ['no value'],
        next: ['15.0.0'],
        colour: 'red',
      }),
    });
    expect(refused.part).toBe('config');
    expect(refused.message).toMatch(/^faultline\.config\.json is not a faultline config: /);
    for (const field of [
      'checks.screen',
      'checks: Unrecognized key: "speed"',
      'cookies.0',
      'Unrecognized key: "colour"',
      'skip.no-such-entry',
      'next.0: 15.0.0',
    ])
      expect(refused.message).toContain(field);
    expect((await refusal({ 'faultline.config.mjs': 'export default {' })).message).toMatch(/^faultline\.config\.mjs did not load: /);
  });

  it('gives way to the command line where both say: --out, --next, --cookie, --baseline', async () => {
    const app = appWith({ 'faultline.config.json': JSON.stringify({ out: 'reports', next: ['16.1.7'], cookies: ['a=1'], skip: { healthy: 'no' } }) });
    const config = await readAuditConfig(app);
    const fromConfig = withConfig(parseAuditArgs([app]), config, app);
    expect([fromConfig.out, fromConfig.versions, fromConfig.cookies, fromConfig.skip]).toEqual([
      `${app}/reports`,
      ['16.1.7'],
      [{ name: 'a', value: '1' }],
      { healthy: 'skipped in faultline.config.json: no' },
    ]);
    const given = withConfig(parseAuditArgs([app, '--out', '/tmp/x', '--next', '16.3.8', '--cookie', 'b=2']), config, app);
    expect([given.out, given.versions, given.cookies]).toEqual(['/tmp/x', ['16.3.8'], [{ name: 'b', value: '2' }]]);
  });
});

describe('what the config changes of the judgement', () => {
  const twice: Finding = { check: 'reported once', what: 'reported twice' };
  const sentence: Finding = { check: 'screen', what: 'the screen says a client-side exception occurred, for a server-side failure' };
  const result = {
    appFindings: [],
    entries: [{ id: 'server-page-throws', findings: [twice, sentence], checks: { screen: 'finding', 'reported once': 'finding' } }],
  };

  it('drops the findings of a check set off (its state says where), and marks those at warn, which fail nothing', () => {
    const leveled = withLevels(result, { screen: 'warn', 'reported once': 'off' }, 'faultline.config.json');
    expect(leveled.entries[0].findings).toEqual([{ ...sentence, level: 'warn' }]);
    expect(leveled.entries[0].checks['reported once']).toBe('off in faultline.config.json');
    expect(failingFindings(leveled)).toEqual([]);
    expect(failingFindings(withLevels(result, { screen: 'warn' }, 'f'))).toEqual([twice]);
  });

  it("without a config, the source check's findings are said at warn and fail nothing; a config sets it to error", async () => {
    const source: Finding = { check: 'source', what: "no debug ID (the Edge runtime's reports, Sentry): its chunks carry none" };
    const withSource = { ...result, entries: [{ ...result.entries[0], findings: [twice, source] }] };
    const bare = parseAuditArgs(['.']);
    expect(failingFindings(leveled({ options: bare } as AuditJob, withSource as never))).toEqual([twice]);
    const app = folderWith({ 'faultline.config.json': JSON.stringify({ checks: { source: 'error' } }) });
    const strict = withConfig(parseAuditArgs([app]), await readAuditConfig(app), app);
    expect(failingFindings(leveled({ options: strict } as AuditJob, withSource as never))).toEqual([twice, source]);
  });

  it('leaves out of privacy the fields the team means its reports to carry', () => {
    const entry = catalogue.find((scenario) => scenario.id === 'server-page-throws')!;
    const observation = auditedServerFailure({
      reports: [
        {
          runtime: 'node',
          event: { type: undefined, user: { ip_address: '203.0.113.9' }, request: { headers: { 'x-team': '1' } }, exception: { values: [{ value: 'x' }] } },
        },
      ],
    });
    const privacy = (allow: string[]) =>
      auditEntry(entry, observation, { sentry: true, privacyAllow: allow })
        .findings.filter((finding) => finding.check === 'privacy')
        .map(({ what, evidence }) => `${what} (${evidence})`);
    expect(privacy([])).toEqual([
      "the reports carry the client's address (user.ip_address)",
      'the reports carry request headers outside the allow-list (x-team)',
    ]);
    expect(privacy(['user.ip_address'])).toEqual(['the reports carry request headers outside the allow-list (x-team)']);
    expect(auditEntry(entry, observation, { sentry: true, privacyAllow: ['user.ip_address', 'x-team'] }).checks.privacy).toBe('ok');
  });
});
