import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV } from '../contract';
import { buildFingerprint } from '../harness/build';
import { buildInputs } from '../harness/build-inputs';

/** A small Next app: the page imports a helper through `@/`, the helper a file in another folder. */
function project(): { root: string; write(path: string, text: string): void } {
  const root = mkdtempSync(join(tmpdir(), 'faultline-build-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('tsconfig.json', JSON.stringify({ compilerOptions: { jsx: 'react-jsx', paths: { '@/*': ['./*'] } } }));
  write('package.json', '{"name":"p"}');
  write('app/page.tsx', "import { label } from '@/cli/label';\nexport default function Page() { return <h1>{label}</h1>; }\n");
  write('cli/label.ts', "import { word } from '../lib/word';\nimport { z } from 'zod';\nexport const label = word + String(z);\n");
  write('lib/word.ts', "export const word = 'hello';\n");
  write('e2e/some.spec.ts', 'export const unrelated = 1;\n');
  for (const [name, version] of [
    ['next', '16.4.5'],
    ['react', '19.3.1'],
    ['react-dom', '19.3.1'],
    ['zod', '4.6.7'],
  ]) {
    write(`node_modules/${name}/package.json`, JSON.stringify({ name, version }));
  }
  return { root, write };
}

describe('build fingerprint', () => {
  it("changes with a route under app/faultline-audit/ (the audit's placed entries), whose folder only shares its name with the reports folder at the app's top", async () => {
    const { root, write } = project();
    write('faultline-audit/report.json', '{}');
    const before = await buildFingerprint(root);
    write('app/faultline-audit/server-page-throws/page.jsx', 'export default function Page() { throw new Error("x"); }\n');
    expect(await buildFingerprint(root)).not.toBe(before);
    expect((await buildInputs(root)).files).not.toContain('faultline-audit/report.json');
  });

  it("changes with the files of a monorepo's package linked in as source (its version unchanged), and with a hoisted package's version", async () => {
    const repo = mkdtempSync(join(tmpdir(), 'faultline-monorepo-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    };
    write('package.json', JSON.stringify({ name: 'acme', workspaces: ['apps/*', 'packages/*'] }));
    write('apps/web/package.json', '{"name":"web"}');
    write('apps/web/app/page.tsx', "import { Greeting } from '@acme/ui';\nexport default function Page() { return <Greeting />; }\n");
    write('packages/ui/package.json', JSON.stringify({ name: '@acme/ui', version: '0.0.0' }));
    write('packages/ui/index.tsx', 'export const Greeting = () => <p>Hello</p>;\n');
    for (const name of ['next', 'react', 'react-dom']) write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: '16.4.5' }));
    mkdirSync(join(repo, 'node_modules', '@acme'));
    symlinkSync('../../packages/ui', join(repo, 'node_modules', '@acme', 'ui'));
    const app = join(repo, 'apps', 'web');
    const before = await buildFingerprint(app, {});
    expect((await buildInputs(app)).packages.next, 'hoisted to the root').toBe('16.4.5');
    write('packages/ui/index.tsx', 'export const Greeting = () => <p>Hello, acme</p>;\n');
    expect(await buildFingerprint(app, {})).not.toBe(before);
  });

  it('derives its inputs from the module graph, through `@/` paths and folders no list names', async () => {
    const { root } = project();
    const inputs = await buildInputs(root);
    expect(inputs.derivedFrom).toBe('module graph');
    expect(inputs.files).toEqual(['app/page.tsx', 'cli/label.ts', 'lib/word.ts', 'package.json', 'tsconfig.json']);
    expect(inputs.packages).toEqual({ next: '16.4.5', react: '19.3.1', 'react-dom': '19.3.1', zod: '4.6.7' });
  });

  it('changes when a file the app imports changes, even two imports away', async () => {
    const { root, write } = project();
    const before = await buildFingerprint(root, {});
    write('lib/word.ts', "export const word = 'hullo';\n");
    expect(await buildFingerprint(root, {})).not.toBe(before);
  });

  it('changes when another next is installed over the same lockfile', async () => {
    const { root, write } = project();
    const before = await buildFingerprint(root, {});
    write('node_modules/next/package.json', JSON.stringify({ name: 'next', version: '16.1.7' }));
    expect(await buildFingerprint(root, {})).not.toBe(before);
  });

  it('changes with a NEXT_PUBLIC_ variable, not with a test file', async () => {
    const { root, write } = project();
    const before = await buildFingerprint(root, {});
    write('e2e/some.spec.ts', 'export const unrelated = 2;\n');
    expect(await buildFingerprint(root, {})).toBe(before);
    expect(await buildFingerprint(root, { NEXT_PUBLIC_FLAG: '1' })).not.toBe(before);
  });

  it('changes with the configuration asked for , which next.config reads', async () => {
    const { root } = project();
    const before = await buildFingerprint(root, {});
    expect(await buildFingerprint(root, { [ENV.cacheComponents]: '1' })).not.toBe(before);
    expect(await buildFingerprint(root, { [ENV.cacheComponents]: '' })).toBe(before);
  });

  it.each(['pages', 'src/pages'])(
    "changes with a Pages Router route in %s/, and with what it imports: the Pages Router's entries are Next's too",
    async (pages) => {
      // A hybrid app's audit placed pages/faultline-audit/ routes that its workspace's last build, reused, did not hold (the corpus's sentry-next15-hybrid).
      const { root, write } = project();
      const before = await buildFingerprint(root, {});
      const up = pages
        .split('/')
        .map(() => '..')
        .join('/');
      write(`${pages}/faultline-audit/x.jsx`, `import { word } from '${up}/../lib/word';\nexport default function X() { return word; }\n`);
      const withPage = await buildFingerprint(root, {});
      expect(withPage).not.toBe(before);
      write('lib/word.ts', "export const word = 'bye';\n");
      expect(await buildFingerprint(root, {})).not.toBe(withPage);
    },
  );
});
