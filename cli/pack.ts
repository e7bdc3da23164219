/**
 * `npm run package`: faultline's npm package, the audit a team installs in its app
 * (`npm i -D ./faultline-0.1.0.tgz`). The package is the checkout's tree with each module the CLI
 * and Playwright load compiled to JavaScript beside where it stood (`cli/main.ts` becomes
 * `cli/main.mjs`), so every path one module names from another holds in both; the sources the audit
 * places in an app are shipped as they are. Its dependencies are read from what those modules
 * import: nothing of the reference app (its `next`, `react`, `@sentry/nextjs`) comes with it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** What a user or Playwright starts, and what the audit starts as processes of their own: the modules reached from them are the package's. */
const ENTRIES = [
  'cli/main.ts',
  'playwright.config.ts',
  'e2e/global-setup.ts',
  'audit/kinds/placed/worker/placed.spec.ts',
  'audit/kinds/routes/worker/routes.spec.ts',
  // Loaded by URL into the audited server (`--import`), imported by nothing.
  'audit/kinds/routes/server/recorder.mjs',
  'outputs/reporters/events-reporter.ts',
  'outputs/reporters/merge.config.ts',
  'app-server/audit-intercept.mjs',
  'harness/in-group.mjs',
  'audit/app/next-config.cjs',
];

/** Files read by path rather than imported: the sources placed in an audited app, the intercept's certificate, the launcher, the README. */
const ASSETS = [
  'bin/faultline.mjs',
  'app/(site)/scenarios',
  'app/robots.ts',
  'bundled',
  'app-server/intercept-tls.cert.pem',
  'app-server/intercept-tls.key.pem',
  'README.md',
];

interface Manifest {
  name: string;
  version: string;
  description: string;
  engines: Record<string, string>;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** The package a bare import specifier names (`msw/node` is `msw`), or null for Node's own modules. */
export function packageOf(specifier: string): string | null {
  // esbuild's own helpers (`<runtime>`) are no package.
  if (specifier.startsWith('<') || specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** faultline's own modules reached from ENTRIES, and the packages they import. */
export async function moduleGraph(root: string): Promise<{ modules: string[]; packages: string[] }> {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'out',
    logLevel: 'error',
  });
  const packages = new Set<string>();
  for (const input of Object.values(metafile.inputs))
    for (const { path, external } of input.imports) if (external && packageOf(path)) packages.add(packageOf(path)!);
  return { modules: Object.keys(metafile.inputs).sort(), packages: [...packages].sort() };
}

/** An import of one of faultline's modules, left for Node to load from its compiled sibling: each module is compiled alone. */
function ownImportsCompiled(): Plugin {
  const inner = Symbol('resolving');
  return {
    name: 'own-imports-compiled',
    setup(builder) {
      builder.onResolve({ filter: /^\.{1,2}\// }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === inner) return undefined;
        const { path, errors } = await builder.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: inner });
        if (errors.length > 0) return { errors };
        const specifier = relative(dirname(args.importer), path).replace(/\.tsx?$/, '.mjs');
        return { path: specifier.startsWith('.') ? specifier : `./${specifier}`, external: true };
      });
    },
  };
}

/** Writes the package's tree to `stage` (its folder) and packs it into `out`; returns both and npm's figures. */
export async function pack(
  root: string,
  stage: string,
  out: string,
): Promise<{ folder: string; tarball: string; size: number; unpackedSize: number; files: number; dependencies: Record<string, string> }> {
  const { modules, packages } = await moduleGraph(root);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const scripts = modules.filter((module) => /\.tsx?$/.test(module));
  await build({
    absWorkingDir: root,
    entryPoints: scripts,
    outbase: '.',
    outdir: stage,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [ownImportsCompiled()],
    logLevel: 'error',
  });
  for (const path of [...modules.filter((module) => !/\.tsx?$/.test(module)), ...ASSETS]) cpSync(join(root, path), join(stage, path), { recursive: true });

  const repo = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  const pinned: Record<string, string> = { ...repo.devDependencies, ...repo.dependencies };
  const unpinned = packages.filter((name) => !pinned[name]);
  if (unpinned.length > 0) throw new Error(`faultline's modules import ${unpinned.join(', ')}, which its package.json does not pin`);
  const dependencies = Object.fromEntries(packages.map((name) => [name, pinned[name]]));
  const manifest = {
    name: repo.name,
    version: repo.version,
    description: repo.description,
    type: 'module',
    engines: repo.engines,
    bin: repo.bin,
    dependencies,
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  mkdirSync(out, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  ) as {
    filename: string;
    size: number;
    unpackedSize: number;
    entryCount: number;
  }[];
  return { folder: stage, tarball: join(out, packed.filename), size: packed.size, unpackedSize: packed.unpackedSize, files: packed.entryCount, dependencies };
}

const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

// Run as a script (`tsx cli/pack.ts [OUT]`), not when a test imports it.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(import.meta.dirname, '..');
  const out = process.argv[2] ?? join(root, '.faultline');
  const packed = await pack(root, join(out, 'package'), out);
  console.log(`${packed.tarball}: ${kB(packed.size)} (${kB(packed.unpackedSize)} unpacked, ${packed.files} files)`);
  console.log(
    `depends on ${Object.entries(packed.dependencies)
      .map(([name, version]) => `${name}@${version}`)
      .join(', ')}`,
  );
}
