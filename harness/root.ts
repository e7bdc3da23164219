import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';

/** faultline's own tree: a checkout (TypeScript, run through tsx), or the installed package (the same tree, its modules compiled beside where they stood: cli/pack.ts). */
export const faultlineRoot = join(import.meta.dirname, '..');

/** The extension of faultline's modules in this install: `.ts` in a checkout, `.mjs` in the package. */
const MODULE_EXTENSION = extname(import.meta.filename);

/**
 * One of faultline's modules that Playwright loads by path (a config, a reporter, a setup), named
 * from the root without its extension; `root`: a copy of faultline's tree (a matrix workspace).
 */
export const ownModule = (path: string, root = faultlineRoot): string => join(root, `${path}${MODULE_EXTENSION}`);

/**
 * Playwright's CLI as the tree at `root` resolves it: in a team's app, npm may have hoisted it
 * beside faultline; a matrix workspace has its own copy, and a runner must load the one its
 * config imports (two copies of @playwright/test in one process refuse to run).
 */
export const playwrightCli = (root = faultlineRoot): string => createRequire(join(root, 'package.json')).resolve('@playwright/test/cli');

/** Whether this install carries the reference app `faultline run` checks: a checkout does; the package carries the audit. */
export const carriesReferenceApp = (): boolean => existsSync(join(faultlineRoot, 'next.config.ts'));
