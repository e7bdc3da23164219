import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { assertPortFree, PortInUseError } from '../harness/app-server';
import { resolveChromium } from '../harness/chromium';
import { assertReachable, assertServesControl, UnreachableError } from '../harness/reachable';
import { workersFrom } from '../harness/settings';
import { activeCatalogue, readCatalogueFile } from '../scenarios/active';
import { catalogue as builtInCatalogue } from '../scenarios/catalogue';
import { configurationOf, type ConfigurationId } from '../scenarios/configurations';
import { isBuildFailure } from '../scenarios/build-failures';
import { parseCommandArgs } from './args';
import { optionValue, parseOptionsOf, refuseConflicts } from './options';
import { resolveScenario } from './select';
import { UsageError } from './usage-error';

/** What `faultline run` was asked, checked before anything starts, and the Playwright arguments it becomes. */

export interface RunOptions {
  scenarios: string[];
  grep?: string;
  baseUrl?: string;
  shard?: string;
  workers?: number;
  port?: number;
  /** Runs every check this many times (flake hunting). */
  repeat?: number;
  /** A JSON catalogue to check instead of the built-in one. */
  catalogue?: string;
  /** The configuration the reference app is built and checked in (`--cache-components`, or its variable set to 1). */
  configuration: ConfigurationId;
  /** Every configuration asked for (`--configuration both`), `configuration` the first: each a run of its own (`runEach`). */
  configurations: ConfigurationId[];
  out: string;
}

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
  const { values } = parseCommandArgs({
    args: joinNegativeValues(argv),
    options: parseOptionsOf('run'),
    strict: true,
    allowPositionals: false,
  });
  refuseConflicts('run', values);
  // A catalogue file is validated here, so a malformed entry stops the run before anything starts.
  const catalogue = values.catalogue === undefined ? builtInCatalogue : readCatalogueFile(values.catalogue);
  if (catalogue.length === 0) throw new UsageError(`${values.catalogue} holds no entry: a run of it would check nothing`);
  // A build-time entry is selected by its id as a catalogue entry is (scenarios/build-failures.ts).
  for (const id of values.scenario) if (!isBuildFailure(id)) resolveScenario(catalogue, id);
  optionValue('run', 'shard', values.shard);
  // The worker count Playwright's config reads (`ENV.workers`) under the same rule, so a bad value stops here, not in the runner.
  if (values.workers === undefined) workersFrom(process.env);
  const workers = optionValue('run', 'workers', values.workers);
  const repeat = optionValue('run', 'repeat', values.repeat);
  return {
    scenarios: values.scenario,
    repeat,
    grep: values.grep,
    baseUrl: values['base-url'],
    shard: values.shard,
    workers,
    port: optionValue('run', 'port', values.port),
    catalogue: values.catalogue === undefined ? undefined : resolve(values.catalogue),
    ...configurationsAsked(values),
    out: values.out,
  };
}

/** The configurations asked for: `--configuration`, else `--cache-components`, else what the environment says (its variable). */
function configurationsAsked(values: { configuration?: string; 'cache-components'?: boolean }): Pick<RunOptions, 'configuration' | 'configurations'> {
  const asked = optionValue('run', 'configuration', values.configuration);
  const configurations = asked ? [...asked] : [values['cache-components'] ? 'cache-components' : configurationOf(process.env).id];
  return { configuration: configurations[0], configurations };
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
  // Never a run that quietly checks one focused test: a stray `.only` stops it.
  const args = ['test', '--project', 'conformance', '--forbid-only'];
  // A selection runs the specs that check what it names: the catalogue's, its build-time part's, or both.
  if (options.scenarios.some((id) => !isBuildFailure(id))) args.push(CATALOGUE_SPEC);
  if (options.scenarios.some(isBuildFailure)) args.push(BUILD_FAILURES_SPEC);
  if (options.grep) args.push('--grep', options.grep);
  if (options.shard) args.push('--shard', options.shard);
  if (options.workers) args.push('--workers', String(options.workers));
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
