import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countDeliveries, countedInstrumentation } from '../audit/plumbing';
import { folderWith } from './folder-with';
import { deliveriesAbout } from '../audit/kinds/placed/worker/claims';
import { AUDIT_DELIVERY_PREFIX } from '../contract';
import { catalogue } from '../scenarios/catalogue';
import { auditedServerFailure } from './observations';
import { auditEntry } from '../audit/kinds/placed/judge';

describe("Next's hand-overs to onRequestError, counted in the audited app's instrumentation", () => {
  it.each([
    [
      'Sentry’s guide',
      "import * as Sentry from '@sentry/nextjs';\nexport const onRequestError = Sentry.captureRequestError;\n",
      'const __faultlineAppOnRequestError =',
    ],
    [
      'PostHog’s re-export',
      "export { onRequestError } from '@posthog/next';\n",
      "import { onRequestError as __faultlineAppOnRequestError } from '@posthog/next';",
    ],
    ['a function of its own', 'export async function onRequestError(error) {\n  log(error);\n}\n', 'async function __faultlineAppOnRequestError('],
    [
      'a renamed re-export',
      "export { captureRequestError as onRequestError } from '@sentry/nextjs';\n",
      "import { captureRequestError as __faultlineAppOnRequestError } from '@sentry/nextjs';",
    ],
  ])('wraps %s: the app’s hook still runs, after the count', (_what, text, bound) => {
    const counted = countedInstrumentation(text)!;
    expect(counted).toContain(bound);
    expect(counted.match(/export async function onRequestError\(/g)).toHaveLength(1);
    expect(counted).toContain('return __faultlineAppOnRequestError(error, request, context);');
  });

  it('counts alone where the app exports no onRequestError (its register only, or no file)', () => {
    const counted = countedInstrumentation('export function register() {}\n')!;
    expect(counted).toContain('export async function onRequestError(');
    expect(counted).not.toContain('__faultlineAppOnRequestError');
    expect(countedInstrumentation(null)).toContain('export async function onRequestError(');
  });

  it('leaves a form it does not know alone (not counted), rather than guess', () => {
    expect(countedInstrumentation("export { onRequestError, register } from './lib';\n")).toBeNull();
  });

  it('wraps the file Next reads where the app keeps it (src/ beside app/ too), and places one only where there is none', () => {
    const inSrc = folderWith({ 'src/instrumentation.ts': 'export const onRequestError = hook;\n', 'app/page.tsx': '' }, 'faultline-deliveries-');
    expect(countDeliveries(inSrc, 'app')).toBe(true);
    expect([existsSync(join(inSrc, 'instrumentation.js')), readFileSync(join(inSrc, 'src/instrumentation.ts'), 'utf8')]).toEqual([
      false,
      expect.stringContaining('const __faultlineAppOnRequestError = hook;'),
    ]);
    const none = folderWith({ 'src/app/page.tsx': '' }, 'faultline-deliveries-');
    expect(countDeliveries(none, 'src/app')).toBe(true);
    expect(readFileSync(join(none, 'src/instrumentation.js'), 'utf8')).toContain('export async function onRequestError(');
  });

  it("claims a hand-over by the path Next passed: the entry's route, under any prefix", () => {
    const line = (path: string) => `${AUDIT_DELIVERY_PREFIX}${JSON.stringify({ path, routeType: 'render' })}`;
    const log = [line('/en/faultline-audit/server-page-throws'), line('/faultline-audit/other-entry'), ' ⨯ Error: boom'].join('\n');
    expect([deliveriesAbout(log, ['server-page-throws'], 'faultline-audit'), deliveriesAbout(log, ['nested-layout-throws'], 'faultline-audit')]).toEqual([
      1, 0,
    ]);
  });
});

const entry = (id: string) => catalogue.find((scenario) => scenario.id === id)!;
const observation = auditedServerFailure;

describe('what the count says in the verdict', () => {
  it('says, beside a server failure never reported, whether Next handed it to onRequestError', () => {
    const findings = (delivered: number) =>
      auditEntry(entry('server-page-throws'), observation({ delivered }), { sentry: true }).findings.filter(({ check }) => check === 'reported once');
    expect(findings(1).map(({ evidence }) => evidence)).toEqual(['Next handed it to onRequestError once']);
    expect(findings(0).map(({ evidence }) => evidence)).toEqual(['Next never handed it to onRequestError']);
  });

  it('says "handed to {reporter}, not read" for an entry Next handed to a reporter faultline cannot read, never "no Sentry"', () => {
    const context = { sentry: false, otherReporters: ['OpenTelemetry (instrumentation.ts imports @vercel/otel)'] };
    const state = (delivered: number | null) => auditEntry(entry('server-page-throws'), observation({ delivered }), context).checks['reported once'];
    expect([state(1), state(0), state(null)]).toEqual([
      'handed to OpenTelemetry, not read',
      "never handed to the app's onRequestError",
      'no Sentry in the app',
    ]);
  });
});
