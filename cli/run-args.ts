import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { assertPortFree, PortInUseError } from '../harness/app-server';
import { resolveChromium } from '../harness/chromium';
import { assertReachable, assertServesControl, UnreachableError } from '../harness/reachable';
import { workersFrom } from '../harness/settings';
import { checksArgs } from '../harness/engine';
import { activeCatalogue, readCatalogueFile } from '../scenarios/active';
import { catalogue as builtInCatalogue } from '../scenarios/catalogue';
import { configurationOf, type ConfigurationId } from '../scenarios/configurations';
import { isBuildFailure } from '../scenarios/build-failures';
import type { OptionsOf } from '../harness/commands';
import { readCommand } from './options';
import { resolveScenario } from './select';
import { UsageError } from './usage-error';

/** What `faultline run` was asked, checked before anything starts, and the Playwright arguments it becomes. */

/**
 * What `faultline run` was asked, as its declaration reads it (harness/commands.ts), its catalogue
 * a path; and the configurations it runs in, read from `--configuration`, `--cache-components` or
 * the environment: `configuration` the first of them, each a run of its own (`runEach`).
 */
export type RunOptions = Omit<OptionsOf<'run'>, 'configuration' | 'cacheComponents'> & {
  configuration: ConfigurationId;
  configurations: ConfigurationId[];
};

/** `--workers -1` reads as two options to parseArgs; joined (`--workers=-1`), it gets the range message it deserves. */
function joinNegativeValues(argv: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [arg, next] = [argv[i], argv[i + 1]];
    if (arg.startsWith('--') && !arg.includes('=') && /^-\d/.test(next ?? '')) joined.push(`${arg}=${argv[++i]}`);
    else joined.push(arg);
  }
  return joined;
}

export function parseRunArgs(argv: string[]): RunOptions {
  const { configuration, cacheComponents, ...options } = readCommand('run', joinNegativeValues(argv));
  // A catalogue file is validated here, so a malformed entry stops the run before anything starts.
  const catalogue = options.catalogue === undefined ? builtInCatalogue : readCatalogueFile(options.catalogue);
  if (catalogue.length === 0) throw new UsageError(`${options.catalogue} holds no entry: a run of it would check nothing`);
  // A build-time entry is selected by its id as a catalogue entry is (scenarios/build-failures.ts).
  for (const id of options.scenarios) if (!isBuildFailure(id)) resolveScenario(catalogue, id);
  // The worker count Playwright's config reads (`ENV.workers`) under the same rule, so a bad value stops here, not in the runner.
  if (options.workers === undefined) workersFrom(process.env);
  // The configurations asked for: `--configuration`, else `--cache-components`, else what the environment says (its variable).
  const configurations = configuration ? [...configuration] : [cacheComponents ? 'cache-components' : configurationOf(process.env).id];
  return {
    ...options,
    catalogue: options.catalogue === undefined ? undefined : resolve(options.catalogue),
    configuration: configurations[0],
    configurations,
  };
}

/** The checks a conformance run needs before it starts: a browser and, if given, a reachable URL. */
export async function preflight(options: Pick<RunOptions, 'baseUrl' | 'port'>): Promise<void> {
  // A browser is found before anything starts (and proven while the app builds, see run).
  await resolveChromium();
  if (options.port !== undefined) {
    try {
      await assertPortFree(options.port);
    } catch (error) {
      if (error instanceof PortInUseError) throw new UsageError(error.message);
      throw error;
    }
  }
  if (options.baseUrl) {
    try {
      await assertReachable(options.baseUrl);
    } catch (error) {
      if (error instanceof UnreachableError) throw new UsageError(error.message);
      throw error;
    }
    // A target that answers, but not with the app: every check would fail the same way, slowly.
    const control = activeCatalogue().find((scenario) => scenario.failureClass === 'control' && typeof scenario.expect.sees === 'string');
    if (control) await assertServesControl(options.baseUrl, control.path, control.expect.sees as string);
  }
}

/** The catalogue spec: `--scenario` narrows a run to it (the entries themselves are chosen through ENV.scenarios). */
const CATALOGUE_SPEC = 'e2e/catalogue.spec.ts';
/** The checks of the catalogue's build-time part (scenarios/build-failures.ts). */
const BUILD_FAILURES_SPEC = 'e2e/build-failures.spec.ts';

export function playwrightArgs(options: RunOptions): string[] {
  const args = checksArgs({ project: 'conformance', workers: options.workers, shard: options.shard });
  // A selection runs the specs that check what it names: the catalogue's, its build-time part's, or both.
  if (options.scenarios.some((id) => !isBuildFailure(id))) args.push(CATALOGUE_SPEC);
  if (options.scenarios.some(isBuildFailure)) args.push(BUILD_FAILURES_SPEC);
  if (options.grep) args.push('--grep', options.grep);
  if (options.repeat) args.push('--repeat-each', String(options.repeat));
  return args;
}

/** What a run selected, as a short hash: every shard of one run shares it, and `merge` checks it. */
export function selectionOf(options: Pick<RunOptions, 'scenarios' | 'grep' | 'repeat' | 'catalogue' | 'configuration'>): string {
  const catalogue = options.catalogue ? readFileSync(options.catalogue, 'utf8') : 'built-in';
  const what = JSON.stringify({
    scenarios: [...options.scenarios].sort(),
    grep: options.grep ?? null,
    repeat: options.repeat ?? 1,
    catalogue,
    // Shards of one run check one configuration; the default keeps the hash it always had.
    ...(options.configuration === 'default' ? {} : { configuration: options.configuration }),
  });
  return createHash('sha256').update(what).digest('hex').slice(0, 16);
}
