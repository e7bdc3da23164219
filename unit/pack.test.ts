import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleGraph, packageOf } from '../cli/pack';

const root = join(import.meta.dirname, '..');

describe("faultline's package", () => {
  it('names the package an import specifier reaches, and none for Node or esbuild', () => {
    expect(['msw/node', '@sentry/core', '@playwright/test/reporter', 'zod', 'node:fs', 'fs', 'fs/promises', '<runtime>'].map(packageOf)).toEqual([
      'msw',
      '@sentry/core',
      '@playwright/test',
      'zod',
      null,
      null,
      null,
      null,
    ]);
  });

  it("depends on what the audit's modules import: nothing of the reference app, no TypeScript loader", async () => {
    const { modules, packages } = await moduleGraph(root);
    expect(packages).toEqual(['@jridgewell/trace-mapping', '@playwright/test', '@sentry/core', 'esbuild', 'msw', 'semver', 'zod']);
    expect(
      modules.filter((module) => /^(app|bundled)\/|^(instrumentation|proxy|next\.config)\b/.test(module)),
      "the reference app's files are placed by path, never imported",
    ).toEqual([]);
    expect(modules).toContain('audit/kinds/placed/worker/placed.spec.ts');
    expect(modules).toContain('audit/kinds/routes/worker/routes.spec.ts');
    expect(modules).toContain('audit/kinds/routes/server/recorder.mjs');
  });
});
