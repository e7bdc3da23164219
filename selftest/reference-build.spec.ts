import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { faultlineRoot } from '../harness/root';

// Every file of the reference app is faultline's: a warning Turbopack prints on one is faultline's
// to fix (the Edge runtime's entries share modules with Node's), never noise in a run's build.
test("the reference app's build prints no Turbopack warning on a file of its own", () => {
  // The build the conformance project checked: this run's, or the one it reused from the same sources.
  const log = readFileSync(join(faultlineRoot, '.faultline', 'build.log'), 'utf8');
  expect(log).toContain('Compiled successfully');
  expect(log).not.toMatch(/Turbopack build encountered \d+ warnings?/);
});
