import { describe, expect, it } from 'vitest';
import { githubAnnotations, type AuditResult } from '../outputs/audit-report';

const finding = {
  check: 'reported once' as const,
  what: 'a server failure is reported twice: by onRequestError, and by global-error.tsx',
  fix: 'let `global-error.tsx` capture only errors without a `digest`',
};

const result = {
  app: { name: 'shop, 100% app' },
  appFindings: [{ check: 'reported once', what: 'nothing in the app reports errors: no @sentry/nextjs, so no failure below reaches anyone' }],
  entries: [
    { id: 'server-page-throws', lines: [], findings: [finding] },
    { id: 'throws-string', lines: [], findings: [finding] },
  ],
} as unknown as AuditResult;

describe("an audit's findings as GitHub Actions annotations", () => {
  it('gives one error annotation per finding, with its entries and fix, escaped as workflow commands are', () => {
    expect(githubAnnotations(result)).toEqual([
      '::error title=faultline audit of shop%2C 100%25 app%3A reported once::nothing in the app reports errors: no @sentry/nextjs, so no failure below reaches anyone (the whole app)',
      '::error title=faultline audit of shop%2C 100%25 app%3A reported once::a server failure is reported twice: by ' +
        'onRequestError, and by global-error.tsx (server-page-throws, throws-string)%0AFix: let `global-error.tsx` ' +
        'capture only errors without a `digest`',
    ]);
  });
});
