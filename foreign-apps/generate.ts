import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faultlineRoot } from '../harness/root';
import { linkInstall } from '../harness/workspace';

/**
 * Apps faultline did not write, made in the test setup from registry packages: the App Router
 * template that `create-next-app` ships inside its package (TypeScript, no Tailwind, Google fonts),
 * the same app with `@sentry/nextjs` set up the way Sentry's guide shows it (the files in
 * `sentry-guide/`), and the same app behind a consent wall nothing can be clicked through. Nothing of them is committed but this script and those files.
 */

/** The newest `create-next-app` of the 16.4 line the registry has (there is none for every `next` patch). */
export const CREATE_NEXT_APP = 'create-next-app@16.4.3';

const installed = (name: string) => (JSON.parse(readFileSync(join(faultlineRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** The template's files, from the registry package (npm's cache when it has it). */
function template(): string {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-cna-'));
  const packed = execFileSync('npm', ['pack', CREATE_NEXT_APP, '--silent', '--pack-destination', dir], { cwd: dir, encoding: 'utf8' }).trim().split('\n').at(-1)!;
  execFileSync('tar', ['xzf', join(dir, packed), '-C', dir]);
  return join(dir, 'package', 'dist', 'templates', 'app', 'ts');
}

/**
 * Writes the generated app to `dest` (replacing it) with `node_modules` in place: faultline's own
 * install of the same registry packages, hard-linked (no download, the same bytes), with
 * `@sentry/nextjs` left out of the app that does not use it.
 */
export function generateApp(dest: string, { sentry, consentWall = false }: { sentry: boolean; consentWall?: boolean }): string {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const source = template();
  cpSync(source, dest, { recursive: true });
  rmSync(join(source, '..', '..', '..', '..', '..'), { recursive: true, force: true });
  renameSync(join(dest, 'gitignore'), join(dest, '.gitignore'));
  renameSync(join(dest, 'README-template.md'), join(dest, 'README.md'));
  rmSync(join(dest, 'biome.json'));
  const dependencies: Record<string, string> = { next: installed('next'), react: installed('react'), 'react-dom': installed('react-dom') };
  if (sentry) dependencies['@sentry/nextjs'] = installed('@sentry/nextjs');
  const manifest = {
    name: sentry ? 'sentry-guide-app' : consentWall ? 'consent-wall-app' : 'create-next-app-default',
    version: '0.1.0',
    private: true,
    scripts: { dev: 'next dev', build: 'next build', start: 'next start' },
    dependencies,
    devDependencies: { typescript: installed('typescript'), '@types/node': installed('@types/node'), '@types/react': installed('@types/react') },
  };
  writeFileSync(join(dest, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (sentry) cpSync(join(import.meta.dirname, 'sentry-guide'), dest, { recursive: true });
  if (consentWall) {
    // A consent wall over every page until it is answered, as many sites have: nothing under it can be clicked.
    const layout = join(dest, 'app', 'layout.tsx');
    const wall = `<body>{children}<div style={{ position: "fixed", inset: 0, background: "rgba(0, 0, 0, 0.6)" }}><p>We use cookies.</p></div></body>`;
    const source = readFileSync(layout, 'utf8');
    if (!source.includes('<body>{children}</body>')) throw new Error(`${CREATE_NEXT_APP}'s layout has no <body>{children}</body> to put the wall in`);
    writeFileSync(layout, source.replace('<body>{children}</body>', wall));
  }
  // The project's install, hard-linked as a workspace's is; the app without Sentry without it.
  linkInstall(faultlineRoot, dest, sentry ? [] : ['@sentry/nextjs']);
  return dest;
}

// `tsx foreign-apps/generate.ts DIR [--sentry | --consent-wall]`: an app to audit by hand.
if (process.argv[1] === import.meta.filename) {
  const [dest, flag] = process.argv.slice(2);
  if (!dest) throw new Error('usage: tsx foreign-apps/generate.ts DIR [--sentry | --consent-wall]');
  console.log(generateApp(dest, { sentry: flag === '--sentry', consentWall: flag === '--consent-wall' }));
  console.log(existsSync(join(dest, 'app')) ? readdirSync(join(dest, 'app')).join(' ') : 'no app/');
}
