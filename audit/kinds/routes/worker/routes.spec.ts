import { auditTest as test } from '../../../../worker/audited-test';
import { auditPlanOf } from '../../../../harness/audited-app';
import { appTarget } from '../../../../harness/target';
import { routesIn } from '../entry';
import { checkRoute } from './check';

/**
 * The app's own routes' checks: one test per route the CLI planned from the app's build. Faults
 * are per request (the recorder's headers) and per context (the browser's), so every route runs
 * beside any.
 */
for (const entry of routesIn(auditPlanOf(appTarget())))
  test(entry.id, { annotation: [{ type: 'faultline-entry', description: entry.id }] }, async ({ session }, testInfo) => checkRoute(session, entry, testInfo));
