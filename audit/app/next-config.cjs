// Prints the app's next.config as Next itself resolves it for `next build` (its `.env*` files
// loaded first, as `next build` does), as one JSON line after a marker: the config may print
// lines of its own. Run with the app's folder as its working directory. Plain CommonJS: it loads
// the app's own `next`, whichever version that is, and wherever its install links it from.
const { createRequire } = require('node:module');
const { realpathSync } = require('node:fs');
const { dirname, join } = require('node:path');

const marker = process.argv[2];
const fail = (error) => process.stderr.write(`${marker}${String(error?.message ?? error).split('\n')[0]}\n`, () => process.exit(1));

async function resolved(dir) {
  // As `next build` sets it before it reads anything: which .env files load depends on it.
  process.env.NODE_ENV ??= 'production';
  // As Node resolves it from the app: its own node_modules, or a monorepo's root above it.
  const manifest = realpathSync(require.resolve('next/package.json', { paths: [dir] }));
  const fromNext = createRequire(manifest);
  fromNext('@next/env').loadEnvConfig(dir, false, { info() {}, error() {} });
  const config = await require(join(dirname(manifest), 'dist', 'server', 'config.js')).default('phase-production-build', dir, { silent: true });
  return {
    distDir: config.distDir,
    basePath: config.basePath,
    output: config.output ?? null,
    trailingSlash: config.trailingSlash === true,
    authInterrupts: config.experimental?.authInterrupts === true,
    cacheComponents: config.cacheComponents === true || config.experimental?.cacheComponents === true,
    partialPrefetching: config.partialPrefetching === true,
    pageExtensions: config.pageExtensions,
  };
}

resolved(process.cwd()).then((facts) => process.stdout.write(`\n${marker}${JSON.stringify(facts)}\n`, () => process.exit(0)), fail);
