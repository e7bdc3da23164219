import type { ParseArgsConfig } from 'node:util';
import { DEFAULT_WORKERS, ENV, OUT_FOLDERS } from '../contract';
import type { ConfigurationId } from '../scenarios/configurations';
import type { FallbackKind } from '../scenarios/next-adaptations';
import { UsageError } from './failures';
import { parseLimits, STAGE_LIMITS } from './limits';
import { nextVersions, versionProblem } from './next-versions';
import { MAX_REPEAT, MAX_WORKERS, parseCookie, parseShard, portNumber, wholeNumber } from './settings';

/**
 * Every command of the `faultline` CLI and its options, declared once: each option's default, how
 * its value is checked and read, the field it fills in the command's options (whose type is
 * derived from here: `OptionsOf`), and what a command refuses together. The command line reads a
 * command by them (`readOptions`), its usage and each `--help` are rendered from them
 * (cli/options.ts), and the audit's pipeline takes its options' type from them.
 */

/** One option of a command: what `parseArgs` needs, and what the usage text says of it. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** Repeatable: every value given, in an array. */
  readonly multiple?: boolean;
  /** What `parseArgs` gives when the option is absent (the help sentence says it in words where it matters). */
  readonly default?: string | boolean | readonly string[];
  /** The value's name in the usage text (`ID`, `URL`, `N`); none for a boolean. */
  readonly value?: string;
  readonly help: string;
  /** The field its value fills in the command's options: by default its name in camel case (`--base-url`: `baseUrl`). */
  readonly as?: string;
  /**
   * The value checked and read (a repeatable option's every value at once), or one line naming the
   * option (`--flag`): every command that takes the option applies it, to its default too.
   */
  readonly read?: (value: never, flag: string) => unknown;
}

export interface CommandSpec {
  /** The command with its positionals, as the usage text shows it: `merge DIR... [--out DIR]`. */
  readonly synopsis: string;
  readonly description: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Options that cannot be given together: the two, and the one line that says why. */
  readonly conflicts?: readonly (readonly [string, string, string])[];
  /** Options that mean nothing without one of others: the option, those others, and the one line that says why. */
  readonly requires?: readonly (readonly [string, readonly string[], string])[];
  /** An option that takes nothing else, not even a positional: the option, and the line that says why. */
  readonly alone?: readonly [string, string];
}

/** The reference app under Cache Components: an option of every command that builds or serves it. */
const CACHE_COMPONENTS = {
  type: 'boolean',
  default: false,
  help: `the reference app built and checked under Cache Components (next 16+; ${ENV.cacheComponents}=1 says the same)`,
} as const satisfies OptionSpec;

/** The options several commands share, each declared once; a command's own wording goes in its own declaration. */
const SCENARIO = {
  type: 'string',
  multiple: true,
  default: [],
  value: 'ID',
  help: 'only this entry (repeatable)',
  as: 'scenarios',
} as const satisfies OptionSpec;
/** `--next`: the versions named (repeatable, each a comma list), each once. */
const NEXT = { type: 'string', multiple: true, default: [], value: 'V,V,...', as: 'versions', read: (values: string[]) => nextVersions(values) } as const;
const BASE_URL = { type: 'string', value: 'URL', help: 'a deployed app to test instead of starting one' } as const satisfies OptionSpec;
const PORT = {
  type: 'string',
  value: 'N',
  help: 'port for the app faultline starts (default: a free one)',
  read: (value: string, flag: string) => portNumber(flag, value),
} as const satisfies OptionSpec;
const SHARD = { type: 'string', value: 'I/N', read: (value: string) => parseShard(value) } as const;
/** Parallel browsers: the default is each command's own (DEFAULT_WORKERS). */
const workers = (command: keyof typeof DEFAULT_WORKERS) =>
  ({
    type: 'string',
    value: 'N',
    help: `parallel browsers (default ${DEFAULT_WORKERS[command]})`,
    read: (value: string, flag: string) => wholeNumber(flag, value, MAX_WORKERS),
  }) as const satisfies OptionSpec;
/** `--fallback`'s values: the fallback kinds each names. */
const FALLBACKS: Readonly<Record<string, FallbackKind[]>> = { classic: ['classic'], builtin: ['builtin'], both: ['classic', 'builtin'] };

/** The reference app's configurations a command checks: one, or both (`both`: the default, then Cache Components). */
const CONFIGURATION_NAMES: Readonly<Record<string, readonly ConfigurationId[]>> = {
  default: ['default'],
  'cache-components': ['cache-components'],
  both: ['default', 'cache-components'],
};
const configuration = (help: string) =>
  ({
    type: 'string',
    value: 'NAME',
    help,
    read: (value: string, flag: string): readonly ConfigurationId[] => {
      const ids = CONFIGURATION_NAMES[value];
      if (!ids) throw new UsageError(`Bad ${flag} "${value}": use default, cache-components or both`);
      return ids;
    },
  }) as const satisfies OptionSpec;
/** `--port` names the app faultline starts, which a deployment given by `--base-url` is not. */
const PORT_OR_BASE_URL = ['port', 'base-url', '--port is for the app faultline starts; it cannot be combined with --base-url'] as const;

/**
 * Every command and its options, declared once: each command's parser takes its `parseArgs`
 * options from here (`parseOptionsOf`), and the usage text is rendered from here (`usageText`).
 */
export const COMMANDS = {
  list: {
    synopsis: 'list [--json|--markdown]',
    description: 'the scenario catalogue',
    options: {
      json: { type: 'boolean', default: false, help: 'the catalogue as JSON' },
      markdown: { type: 'boolean', default: false, help: "the catalogue as the docs' markdown table" },
    },
    conflicts: [['json', 'markdown', '--json and --markdown are two formats: give one of them']],
  },
  browser: {
    synopsis: 'browser',
    description: 'the Chromium faultline will drive, proven by opening a page (exit 2 when none works)',
    options: {},
  },
  run: {
    synopsis: 'run [options]',
    description: 'conformance run of the catalogue (builds and starts the app)',
    options: {
      scenario: SCENARIO,
      grep: { type: 'string', value: 'TEXT', help: 'only checks whose title matches' },
      'base-url': BASE_URL,
      shard: { ...SHARD, help: 'run shard I of N' },
      workers: workers('run'),
      port: PORT,
      repeat: { type: 'string', value: 'N', help: 'run every check N times', read: (value: string, flag: string) => wholeNumber(flag, value, MAX_REPEAT) },
      catalogue: { type: 'string', value: 'FILE', help: 'check a JSON catalogue instead of the built-in one' },
      'cache-components': CACHE_COMPONENTS,
      configuration: configuration(
        'default (the default), cache-components (next 16+) or both: the catalogue checked in each, the default first, ' +
          "its reports in --out and Cache Components' in its cache-components/ folder",
      ),
      out: { type: 'string', default: OUT_FOLDERS.run, value: 'DIR', help: 'reports folder' },
    },
    conflicts: [
      PORT_OR_BASE_URL,
      ['cache-components', 'configuration', '--cache-components is --configuration cache-components: give one of them'],
      ['configuration', 'base-url', '--base-url is one deployed app, built in one configuration: --configuration is for the app faultline builds'],
    ],
  },
  merge: {
    synopsis: 'merge DIR... [--out DIR]',
    description: 'merge the reports of shard runs (or shard audits) into one',
    options: {
      out: { type: 'string', value: 'DIR', help: `the merged reports folder (default ${OUT_FOLDERS.run}; ${OUT_FOLDERS.audit} for an audit's shards)` },
    },
  },
  matrix: {
    synopsis: 'matrix [options]',
    description: 'the catalogue observed on several next versions, cell by cell',
    options: {
      next: { ...NEXT, help: 'versions (default: newest patch of each minor, 15.5 to 16.5)' },
      fallback: {
        type: 'string',
        default: 'classic',
        value: 'KIND',
        help: "classic (the app's own, default), builtin (Next's) or both",
        as: 'fallbacks',
        read: (value: string, flag: string): FallbackKind[] => {
          const kinds = FALLBACKS[value];
          if (!kinds) throw new UsageError(`Bad ${flag} "${value}": use classic, builtin or both`);
          return kinds;
        },
      },
      configuration: {
        ...configuration('default (the default), cache-components (next 16+: a column for each version that has it) or both'),
        default: 'default',
        as: 'configurations',
      },
      scenario: SCENARIO,
      out: { type: 'string', default: OUT_FOLDERS.matrix, value: 'DIR', help: 'matrix.json, matrix.md, matrix.html' },
      fresh: { type: 'boolean', default: false, help: 'observe again where nothing changed since the last matrix' },
    },
  },
  audit: {
    synopsis: 'audit APP-DIR [options] | audit --clean',
    description:
      'how another Next.js app fails: the catalogue placed in a copy of it, what users see and what Sentry receives, judged (the app is never written)',
    options: {
      scenario: { ...SCENARIO, help: 'only this placed failure (repeatable): the routes too only with --route' },
      route: {
        type: 'string',
        multiple: true,
        default: [],
        value: 'PATH',
        help: "only this route of the app's own (repeatable; /products/[id], /products/7, /admin/**): the placed failures too only with --scenario",
        as: 'routePicks',
      },
      'no-routes': { type: 'boolean', default: false, help: "the placed failures alone: none of the app's own routes under backend faults", as: 'noRoutes' },
      out: { type: 'string', default: OUT_FOLDERS.audit, value: 'DIR', help: 'report.json, junit.xml, audit.html, screens' },
      next: { ...NEXT, help: 'also on these next versions: audit-matrix.json, .md, .html instead' },
      'upgrade-to': {
        type: 'string',
        value: 'V',
        help: "what changes for the app's users from its own next to V (adds V)",
        read: (value: string, flag: string) => {
          const version = value.trim();
          const problem = versionProblem(version);
          if (problem) throw new UsageError(`Bad ${flag} "${version}": ${problem}`);
          return version;
        },
      },
      fresh: { type: 'boolean', default: false, help: 'with --next: observe again where nothing changed since the last audit matrix' },
      workers: workers('audit'),
      shard: { ...SHARD, help: 'audit shard I of N (faultline merge joins them)' },
      trace: { type: 'boolean', default: false, help: "keep a Playwright trace of every entry with a finding (traces/) and Playwright's HTML report (html/)" },
      cookie: {
        type: 'string',
        multiple: true,
        default: [],
        value: 'NAME=VALUE',
        help: 'a cookie every page, request and flush of the audit sends to the app: a session past its login wall (repeatable; never written to the report)',
        as: 'cookies',
        read: (values: string[]) => values.map(parseCookie),
      },
      clean: {
        type: 'boolean',
        default: false,
        help: 'remove every audit workspace in ~/.cache/faultline/audit (none an audit holds), then exit: takes no app',
      },
      config: {
        type: 'string',
        value: 'FILE',
        help: "the team's audit config (default: faultline.config.json, .mjs, .js or .ts in the app's folder)",
        as: 'configFile',
      },
      baseline: {
        type: 'string',
        value: 'FILE',
        help: "the team's accepted findings (default faultline-baseline.json in the app's folder, when it is there): exit 1 only on new ones",
      },
      'update-baseline': { type: 'boolean', default: false, help: 'write the baseline: every finding of this audit accepted' },
      'prune-baseline': { type: 'boolean', default: false, help: 'drop from the baseline the findings fixed since' },
      limit: {
        type: 'string',
        multiple: true,
        default: [],
        value: 'STAGE=S',
        help: `how long a stage may take, in seconds (repeatable): ${Object.entries(STAGE_LIMITS)
          .map(([stage, { seconds }]) => `${stage} (default ${seconds})`)
          .join(', ')}`,
        as: 'limits',
        read: (values: string[]) => parseLimits(values),
      },
    },
    alone: ['clean', '--clean removes every audit workspace and takes nothing else'],
    requires: [['fresh', ['next', 'upgrade-to'], '--fresh applies to an audit over versions (--next or --upgrade-to): a single audit always observes afresh']],
    conflicts: [
      ['route', 'no-routes', '--route picks routes to audit and --no-routes audits none: give one'],
      ...(['update-baseline', 'prune-baseline'] as const).flatMap((write) =>
        ['next', 'upgrade-to', 'shard'].map(
          (over) => [write, over, `--${write} writes the baseline from one whole audit of the app on its own next (not over versions, not a shard)`] as const,
        ),
      ),
      ...['next', 'upgrade-to'].map(
        (over) => ['shard', over, '--shard splits an audit of the app on its own next; an audit over versions (--next, --upgrade-to) is not sharded'] as const,
      ),
    ],
  },
  init: {
    synopsis: 'init [APP-DIR] [options]',
    description:
      "sets the audit up in a team's app: the job .github/workflows/faultline.yml, faultline.config.mjs at its defaults, and, " +
      'once asked, the first audit, whose findings faultline-baseline.json accepts (no file written over without --force)',
    options: {
      yes: { type: 'boolean', default: false, help: 'run the first audit without asking (in a script: without a terminal, nothing is audited unless --yes)' },
      'no-audit': { type: 'boolean', default: false, help: 'write the job and the config only: no audit, no baseline' },
      force: { type: 'boolean', default: false, help: 'write over the files that are there (the baseline from a new audit)' },
    },
    conflicts: [['yes', 'no-audit', '--yes runs the first audit and --no-audit leaves it out: give one of them']],
  },
  repro: {
    synopsis: 'repro ID | --path /route [options]',
    description: 'replay one scenario (or any route) and show what happened',
    options: {
      path: { type: 'string', value: '/route', help: 'any route of the app instead of a scenario' },
      json: { type: 'boolean', default: false, help: 'one JSON object: screen, serverLog, reports, verdict' },
      dev: { type: 'boolean', default: false, help: 'next dev instead of the production build' },
      headed: { type: 'boolean', default: false, help: 'show the browser (default when a display is available)' },
      'base-url': BASE_URL,
      port: PORT,
      'cache-components': CACHE_COMPONENTS,
    },
    conflicts: [['dev', 'base-url', '--dev starts a dev server; it cannot be combined with --base-url'], PORT_OR_BASE_URL],
  },
} as const satisfies Record<string, CommandSpec>;

export type Command = keyof typeof COMMANDS;
export const COMMAND_NAMES = Object.keys(COMMANDS) as Command[];

/** A command's declared options, for a test or a help text. */
export const declaredOptions = (command: Command): Readonly<Record<string, OptionSpec>> => COMMANDS[command].options;

type ParseArgsOption = NonNullable<ParseArgsConfig['options']>[string];

/** The `parseArgs` view of a declaration, typed so that `values` comes out as precisely as from a literal. */
type ParseOptions<O extends Readonly<Record<string, OptionSpec>>> = {
  -readonly [K in keyof O]: { type: O[K]['type']; multiple: O[K] extends { multiple: true } ? true : false } & (O[K] extends { default: infer D }
    ? { default: D extends readonly unknown[] ? string[] : D extends boolean ? boolean : string }
    : unknown);
};

/** The `options` of `parseArgs` for a command, a fresh object each time (parseArgs hands the default array itself out as the value). */
export function parseOptionsOf<C extends Command>(command: C): ParseOptions<(typeof COMMANDS)[C]['options']> {
  const options: Record<string, ParseArgsOption> = {};
  for (const [name, spec] of Object.entries(declaredOptions(command))) {
    options[name] = { type: spec.type, multiple: spec.multiple ?? false };
    if (spec.default !== undefined) options[name].default = Array.isArray(spec.default) ? [...spec.default] : (spec.default as string | boolean);
  }
  return options as ParseOptions<(typeof COMMANDS)[C]['options']>;
}

type Options<C extends Command> = (typeof COMMANDS)[C]['options'];

/** `base-url` as a field's name: `baseUrl`. */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
const camel = (name: string) => name.replace(/-(\w)/g, (_dash, letter: string) => letter.toUpperCase());

/** The field an option fills: its declared `as`, else its name in camel case. */
type FieldOf<K extends string, O> = O extends { as: infer A extends string } ? A : Camel<K>;
/** What an option's value is once read: what its declared `read` returns, else what `parseArgs` gives. */
type ValueOf<O> = O extends { read: (value: never, flag: string) => infer R }
  ? R
  : O extends { type: 'boolean' }
    ? boolean
    : O extends { multiple: true }
      ? string[]
      : string;
/** Whether an option always has a value: a default (booleans and repeatable options have theirs), else it is absent when not given. */
type Always<O> = O extends { default: unknown } ? true : false;

/**
 * A command's options as its declaration reads them: each option's value (read as declared) in its
 * field; one without a default absent when not given. Every command's options type is this, with
 * what the command adds of its own.
 */
export type OptionsOf<C extends Command> = {
  -readonly [K in keyof Options<C> & string as Always<Options<C>[K]> extends true ? FieldOf<K, Options<C>[K]> : never]: ValueOf<Options<C>[K]>;
} & {
  -readonly [K in keyof Options<C> & string as Always<Options<C>[K]> extends true ? never : FieldOf<K, Options<C>[K]>]?: ValueOf<Options<C>[K]>;
};

/** Whether an option was given: a value, a flag set, a repeatable option given at least once. */
const isGiven = (value: unknown) => value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0);

/**
 * A command's parsed values read by its declaration: an option that takes nothing else given with
 * anything (`alone`), two it refuses together (`conflicts`), each value checked and read in the
 * order declared, one that means nothing without another (`requires`); each refused in one line,
 * the command's own words.
 */
export function readOptions<C extends Command>(command: C, values: Readonly<Record<string, unknown>>, argv: readonly string[]): OptionsOf<C> {
  const { options, alone, conflicts = [], requires = [] } = COMMANDS[command] as CommandSpec;
  if (alone && isGiven(values[alone[0]]) && argv.length > 1) throw new UsageError(`${alone[1]} (got ${argv.join(' ')})`);
  for (const [one, other, why] of conflicts) if (isGiven(values[one]) && isGiven(values[other])) throw new UsageError(why);
  const read: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(options)) {
    const value = values[name];
    read[spec.as ?? camel(name)] = value === undefined || !spec.read ? value : spec.read(value as never, `--${name}`);
  }
  for (const [option, others, why] of requires) if (isGiven(values[option]) && !others.some((other) => isGiven(values[other]))) throw new UsageError(why);
  return read as OptionsOf<C>;
}
