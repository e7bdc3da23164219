import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyProject } from '../harness/project-copy';
import { pnpmNodePath } from '../audit/workspace';
import { applyAdaptations, nestNext, overVersions, syncSources, workspaceOutputs } from '../harness/next-workspace';
import { appAdaptationsFor } from '../scenarios/next-adaptations';

describe('copyProject', () => {
  it('copies sources, links installed files, and copies npm’s hidden lockfile, which npm rewrites in place', () => {
    const root = mkdtempSync(join(tmpdir(), 'faultline-root-'));
    mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
    mkdirSync(join(root, '.next'));
    writeFileSync(join(root, 'page.tsx'), 'source');
    writeFileSync(join(root, '.next', 'BUILD_ID'), 'old build');
    writeFileSync(join(root, 'node_modules', 'pkg', 'index.js'), 'code');
    writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{"lock":1}');
    const dest = join(mkdtempSync(join(tmpdir(), 'faultline-copy-')), 'app');
    copyProject(root, dest);
    const inode = (path: string) => statSync(path).ino;
    expect(readFileSync(join(dest, 'page.tsx'), 'utf8')).toBe('source');
    expect(() => statSync(join(dest, '.next')), 'no build output').toThrow();
    expect(inode(join(dest, 'node_modules', 'pkg', 'index.js'))).toBe(inode(join(root, 'node_modules', 'pkg', 'index.js')));
    expect(inode(join(dest, 'node_modules', '.package-lock.json'))).not.toBe(inode(join(root, 'node_modules', '.package-lock.json')));
    expect(readFileSync(join(dest, 'node_modules', '.package-lock.json'), 'utf8')).toBe('{"lock":1}');
  });
});

describe('a matrix workspace', () => {
  it('takes the sources afresh and keeps its install, its build and its last observation', () => {
    const root = mkdtempSync(join(tmpdir(), 'faultline-root-'));
    writeFileSync(join(root, 'page.tsx'), 'new source');
    const dir = mkdtempSync(join(tmpdir(), 'faultline-workspace-'));
    const kept = ['node_modules/next/package.json', '.next/BUILD_ID', relative(dir, workspaceOutputs(dir).column)];
    for (const file of kept) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), 'kept');
    }
    writeFileSync(join(dir, 'page.tsx'), 'old source');
    writeFileSync(join(dir, 'deleted-since.tsx'), 'gone from the project');
    syncSources(root, dir, '16.4.5', 'classic');
    expect(readFileSync(join(dir, 'page.tsx'), 'utf8')).toBe('new source');
    expect(existsSync(join(dir, 'deleted-since.tsx'))).toBe(false);
    for (const file of kept) expect(readFileSync(join(dir, file), 'utf8'), file).toBe('kept');
  });
});

describe('another next in a workspace', () => {
  const tree = (root: string, files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    return root;
  };

  it("puts next at the top and its own dependencies beneath it, keeping the app's React and its other packages", () => {
    const installed = tree(mkdtempSync(join(tmpdir(), 'faultline-next-')), {
      'node_modules/next/package.json': '{"version":"16.1.7"}',
      'node_modules/@next/env/package.json': '{"version":"16.1.7"}',
      'node_modules/styled-jsx/package.json': '{"version":"5.1.6"}',
      'node_modules/react/package.json': '{"version":"19.0.0"}',
    });
    const dir = tree(mkdtempSync(join(tmpdir(), 'faultline-workspace-')), {
      'node_modules/next/package.json': '{"version":"16.4.5"}',
      'node_modules/next/dist/old.js': 'of 16.4.5',
      'node_modules/@next/env/package.json': '{"version":"16.4.5"}',
      'node_modules/react/package.json': '{"version":"19.3.1"}',
      'node_modules/@sentry/nextjs/package.json': '{}',
    });
    nestNext(installed, dir);
    const read = (file: string) => readFileSync(join(dir, 'node_modules', file), 'utf8');
    expect(read('next/package.json')).toBe('{"version":"16.1.7"}');
    expect(existsSync(join(dir, 'node_modules/next/dist/old.js')), 'nothing of the next it replaced').toBe(false);
    expect(read('next/node_modules/@next/env/package.json'), "next's own, where next resolves it first").toBe('{"version":"16.1.7"}');
    expect(read('next/node_modules/styled-jsx/package.json')).toBe('{"version":"5.1.6"}');
    expect(existsSync(join(dir, 'node_modules/next/node_modules/react')), 'one React: the app’s').toBe(false);
    expect(read('react/package.json')).toBe('{"version":"19.3.1"}');
    expect(read('@sentry/nextjs/package.json')).toBe('{}');
    expect(statSync(join(dir, 'node_modules/next/package.json')).ino, 'hard-linked').toBe(statSync(join(installed, 'node_modules/next/package.json')).ino);
  });
});

describe("an audited app's adaptations to another next", () => {
  it('rename its proxy for Next 15 where it has one, and note only what they changed', () => {
    const withProxy = mkdtempSync(join(tmpdir(), 'faultline-app-'));
    mkdirSync(join(withProxy, 'src'));
    writeFileSync(join(withProxy, 'src', 'proxy.ts'), 'export async function proxy(request) {}\n');
    expect(applyAdaptations(withProxy, appAdaptationsFor('15.5.29'), { lenient: true })).toEqual([
      expect.stringMatching(/^Next 15 calls the proxy middleware\.ts/),
    ]);
    expect(readFileSync(join(withProxy, 'src', 'middleware.ts'), 'utf8')).toBe('export async function middleware(request) {}\n');
    expect(existsSync(join(withProxy, 'src', 'proxy.ts'))).toBe(false);

    const without = mkdtempSync(join(tmpdir(), 'faultline-app-'));
    expect(applyAdaptations(without, appAdaptationsFor('15.5.29'), { lenient: true }), 'nothing to adapt: nothing noted').toEqual([]);
    expect(appAdaptationsFor('16.1.7')).toEqual([]);
  });
});

describe('versions through the stages of a matrix', () => {
  /** A stage that records its starts and ends, each call held until the test lets it end. */
  function heldStage(name: string, log: string[]) {
    const release = new Map<string, () => void>();
    const call = async (version: string) => {
      log.push(`${name} ${version} starts`);
      await new Promise<void>((done) => release.set(version, done));
      log.push(`${name} ${version} ends`);
      return version;
    };
    /** Ends the call for `version` once it has started, then lets what it unblocks run. */
    const end = async (version: string) => {
      while (!release.has(version)) await new Promise((tick) => setImmediate(tick));
      release.get(version)!();
      await new Promise((tick) => setImmediate(tick));
    };
    return { call, end };
  }

  it('installs one version after another, running ahead, and builds and runs one version at a time once its install is done', async () => {
    const log: string[] = [];
    const install = heldStage('install', log);
    const column = heldStage('column', log);
    const results = overVersions(
      ['a', 'b', 'c'],
      (version) => install.call(version),
      (version, installed: string) => column.call(installed),
    );
    await install.end('a');
    await install.end('b');
    expect(log, 'the next install goes ahead while a column runs').toEqual([
      'install a starts',
      'install a ends',
      'column a starts',
      'install b starts',
      'install b ends',
      'install c starts',
    ]);
    await column.end('a');
    expect(log.at(-1), 'a column waits for the one before').toBe('column b starts');
    await column.end('b');
    expect(log.includes('column c starts'), 'nor before its own install').toBe(false);
    await install.end('c');
    await column.end('c');
    expect(await results).toEqual(['a', 'b', 'c']);
  });

  it('rejects with a stage that fails', async () => {
    await expect(
      overVersions(
        ['a'],
        async () => 1,
        async () => Promise.reject(new Error('broken')),
      ),
    ).rejects.toThrow('broken');
  });
});

describe("pnpm's hidden hoist in an audited app's build", () => {
  const install = (root: string, at: string, modules: string) => {
    mkdirSync(join(root, at, 'node_modules'), { recursive: true });
    writeFileSync(join(root, at, 'node_modules', '.modules.yaml'), modules);
  };

  it("puts each pnpm install's hidden folder, from the app up to its monorepo, ahead of the user's NODE_PATH, as pnpm's own next shim does", () => {
    const top = mkdtempSync(join(tmpdir(), 'faultline-pnpm-'));
    install(top, '', 'hoistPattern:\n  - "*"\nvirtualStoreDir: .pnpm\nvirtualStoreDirMaxLength: 120\n');
    install(top, 'apps/web', '{\n  "virtualStoreDir": "../../../node_modules/.pnpm"\n}\n');
    const app = join(top, 'apps', 'web');
    expect(pnpmNodePath(app, top, { NODE_PATH: '/theirs' })?.split(delimiter)).toEqual([join(top, 'node_modules', '.pnpm', 'node_modules'), '/theirs']);
  });

  it('leaves NODE_PATH alone for an install pnpm did not make', () => {
    const top = mkdtempSync(join(tmpdir(), 'faultline-npm-'));
    mkdirSync(join(top, 'node_modules'));
    expect(pnpmNodePath(top, top, {})).toBeUndefined();
    expect(pnpmNodePath(top, top, { NODE_PATH: '/theirs' })).toBe('/theirs');
  });
});
