import { describe, expect, it } from 'vitest';
import { ENV } from '../contract';
import { globalSetupsFor } from '../harness/settings';

describe('the global setups of a Playwright run, by who runs it', () => {
  it("are the reference app's server and, in a checkout, the generated apps' folder for a run or npm test", () => {
    expect(globalSetupsFor({}, { checkout: true })).toEqual(['e2e/global-setup', 'foreign-apps/global-setup']);
    expect(globalSetupsFor({ [ENV.baseUrl]: 'http://localhost:3000' }, { checkout: false })).toEqual(['e2e/global-setup']);
  });

  it("are none for an audit: its CLI started the audited app, and nothing of the reference app's runs", () => {
    expect(globalSetupsFor({ [ENV.auditPlan]: '/tmp/plan.json' }, { checkout: true })).toEqual([]);
  });
});
