import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENV } from '../contract';
import { removeGeneratedApps } from './apps';

/** The run's folder of generated apps (`apps.ts`), shared by every worker, and removed with their audit workspaces at the end. */
export default function globalSetup() {
  const folder = mkdtempSync(join(tmpdir(), 'faultline-test-apps-'));
  process.env[ENV.testApps] = folder;
  return () => removeGeneratedApps(folder);
}
