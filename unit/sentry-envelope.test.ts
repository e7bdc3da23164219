import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getEnvelopeEndpointWithUrlEncodedAuth, makeDsn } from '@sentry/core';
import { matchRequestUrl } from 'msw';
import { describe, expect, it } from 'vitest';
import { AUDIT_INTERCEPT_PARAMS, SENTRY_ENVELOPE } from '../contract';
import { interceptOptions } from '../harness/audited-app';

/**
 * Sentry's envelope path is defined once (`SENTRY_ENVELOPE` in contract.ts), in the forms
 * four matchers need. Each is pinned here, and what each takes, where they differ on purpose.
 */

const root = join(import.meta.dirname, '..');

/** CDP Fetch's urlPattern: a glob over the whole URL, `*` any characters, `?` exactly one, `\` escapes. */
const cdpMatches = (pattern: string, url: string) =>
  new RegExp(
    `^${pattern.replace(/\\(.)|([*?])|([.+^${}()|[\]\\/])/g, (_, escaped: string, wild: string, special: string) =>
      escaped ? `\\${escaped}` : wild ? (wild === '*' ? '.*' : '.') : `\\${special}`,
    )}$`,
  ).test(url);

/** What each form takes of a URL: [path, anyProject, cdp, msw]. */
const takes = (url: string) => {
  const { pathname } = new URL(url);
  return [
    SENTRY_ENVELOPE.path.test(pathname),
    SENTRY_ENVELOPE.anyProject.test(pathname),
    cdpMatches(SENTRY_ENVELOPE.cdp, url),
    matchRequestUrl(new URL(url), SENTRY_ENVELOPE.msw).matches,
  ];
};

describe("Sentry's envelope path, one definition in four forms", () => {
  it('is each form as it was written before it was derived', () => {
    expect(SENTRY_ENVELOPE.path.source).toBe(/^\/api\/\d+\/envelope\/?$/.source);
    expect(SENTRY_ENVELOPE.anyProject.source).toBe(/\/api\/[^/]+\/envelope\//.source);
    expect(SENTRY_ENVELOPE.cdp).toBe('*/api/*/envelope/*');
    expect(SENTRY_ENVELOPE.msw).toBe('*/api/:projectId/envelope/');
  });

  it("takes, in every form, what an SDK sends to a DSN's host", () => {
    expect(takes('https://o1.ingest.example.com/api/1/envelope/?sentry_key=public&sentry_version=7')).toEqual([true, true, true, true]);
    expect(takes('http://127.0.0.1:3000/api/42/envelope/')).toEqual([true, true, true, true]);
  });

  it('differs where it means to: the audit wants a numeric project at the root, the harness ingest any one segment, CDP any', () => {
    expect(takes('https://sentry.example.com/api/1/envelope'), 'no trailing slash: the audit alone').toEqual([true, false, false, false]);
    expect(takes('https://sentry.example.com/api/web/envelope/'), 'a project that is no id').toEqual([false, true, true, true]);
    expect(takes('https://example.com/sentry/api/1/envelope/'), 'a path before /api/').toEqual([false, true, true, true]);
    expect(takes('https://example.com/api/1/2/envelope/'), 'a project of two segments: paused by CDP, answered by none').toEqual([false, false, true, false]);
    expect(takes('https://example.com/api/faultline/edge-ingest')).toEqual([false, false, false, false]);
  });
});

describe("a DSN's envelope URL, derived once", () => {
  it("is where Sentry's own SDK sends for the DSN (without the auth it puts in the query)", () => {
    for (const dsn of ['https://public@o1.ingest.example.com/1', 'https://public@example.com/sentry/relay/42', 'http://key@127.0.0.1:3000/7']) {
      const sdk = new URL(getEnvelopeEndpointWithUrlEncodedAuth(makeDsn(dsn)!));
      expect(SENTRY_ENVELOPE.urlOf(dsn), dsn).toBe(`${sdk.origin}${sdk.pathname}`);
    }
  });

  it('is null for what is no DSN (no project)', () => {
    expect(SENTRY_ENVELOPE.urlOf('https://public@example.com/')).toBeNull();
    expect(SENTRY_ENVELOPE.urlOf('not a url')).toBeNull();
  });
});

describe("the audit's intercept gets the contract's values through its URL", () => {
  it('is handed its log and the envelope path by interceptOptions', () => {
    const options = interceptOptions('/tmp/a b/ingest.jsonl', { NODE_ENV: 'test', NODE_OPTIONS: '--max-old-space-size=4096' });
    const [own, preload] = options.split(' ');
    expect(own).toBe('--max-old-space-size=4096');
    const params = new URL(preload.replace(/^--import=/, '')).searchParams;
    expect(params.get(AUDIT_INTERCEPT_PARAMS.log)).toBe('/tmp/a b/ingest.jsonl');
    expect(new RegExp(params.get(AUDIT_INTERCEPT_PARAMS.envelopePath) ?? '').source).toBe(SENTRY_ENVELOPE.path.source);
  });

  it("reads them by the contract's names (it cannot import the contract)", () => {
    const intercept = readFileSync(join(root, 'app-server', 'audit-intercept.mjs'), 'utf8');
    for (const name of Object.values(AUDIT_INTERCEPT_PARAMS))
      expect(intercept, `audit-intercept.mjs reads the parameter ${name}`).toContain(`params.get('${name}')`);
  });
});
