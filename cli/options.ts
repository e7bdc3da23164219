import type { ParseArgsConfig } from 'node:util';
import { STAGE_LIMITS } from '../harness/limits';
import { DEFAULT_WORKERS, ENV, OUT_FOLDERS } from '../contract';
import { MAX_REPEAT, MAX_WORKERS, parseShard, portNumber, wholeNumber } from '../harness/settings';
import { UsageError } from './usage-error';
import type { ConfigurationId } from '../scenarios/configurations';
import { EXIT } from './usage-error';

/** One option of a command: what `parseArgs` needs, and what the usage text says of it. */
interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** Repeatable: every value given, in an array. */
  readonly multiple?: boolean;
  /** What `parseArgs` gives when the option is absent (the help sentence says it in words where it matters). */
  readonly default?: string | boolean | readonly string[];
  /** The value's name in the usage text (`ID`, `URL`, `N`); none for a boolean. */
  readonly value?: string;
  readonly help: string;
  /** The value checked and read, or one line naming the option (`--flag`): every command that takes the option applies it. */
  readonly read?: (value: string, flag: string) => unknown;
}

interface CommandSpec {
  /** The command with its positionals, as the usage text shows it: `merge DIR... [--out DIR]`. */
  readonly synopsis: string;
  readonly description: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Options that cannot be given together: the two, and the one line that says why. */
  readonly conflicts?: readonly (readonly [string, string, string])[];
}

/** The reference app under Cache Components: an option of every command that builds or serves it. */
const CACHE_COMPONENTS = {
  type: 'boolean',
  default: false,
  help: `the reference app built and checked under Cache Components (next 16+; ${ENV.cacheComponents}=1 says the same)`,
} as const satisfies OptionSpec;

/** The options several commands share, each declared once; a command's own wording goes in its own declaration. */
const SCENARIO = { type: 'string', multiple: true, default: [], value: 'ID', help: 'only this entry (repeatable)' } as const satisfies OptionSpec;
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
const COMMANDS = {
  list: {
    synopsis: 'list [--json|--markdown]',
    description: 'the scenario catalogue',
    options: {
      json: { type: 'boolean', default: false, help: 'the catalogue as JSON' },
      markdown: { type: 'boolean', default: false, help: "the catalogue as the docs' markdown table" },
    },
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
      next: { type: 'string', multiple: true, default: [], value: 'V,V,...', help: 'versions (default: newest patch of each minor, 15.5 to 16.4)' },
      fallback: { type: 'string', default: 'classic', value: 'KIND', help: "classic (the app's own, default), builtin (Next's) or both" },
      configuration: {
        ...configuration('default (the default), cache-components (next 16+: a column for each version that has it) or both'),
        default: 'default',
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
      scenario: SCENARIO,
      out: { type: 'string', default: OUT_FOLDERS.audit, value: 'DIR', help: 'report.json, junit.xml, audit.html, screens' },
      next: { type: 'string', multiple: true, default: [], value: 'V,V,...', help: 'also on these next versions: audit-matrix.json, .md, .html instead' },
      'upgrade-to': { type: 'string', value: 'V', help: "what changes for the app's users from its own next to V (adds V)" },
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
      },
      clean: {
        type: 'boolean',
        default: false,
        help: 'remove every audit workspace in ~/.cache/faultline/audit (none an audit holds), then exit: takes no app',
      },
      config: { type: 'string', value: 'FILE', help: "the team's audit config (default: faultline.config.json, .mjs, .js or .ts in the app's folder)" },
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
      },
    },
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

/** What an option's value is once read: what its declared `read` returns, else the string given. */
type ReadValue<O> = O extends { read: (value: string, flag: string) => infer R } ? R : string;

/** A command's option read as it is declared (`read`), or undefined when it was not given. */
export function optionValue<C extends Command, K extends keyof Options<C> & string>(
  command: C,
  name: K,
  given: string | undefined,
): ReadValue<Options<C>[K]> | undefined {
  if (given === undefined) return undefined;
  const spec = declaredOptions(command)[name];
  return (spec.read ? spec.read(given, `--${name}`) : given) as ReadValue<Options<C>[K]>;
}

/** Refuses, in the command's declared words, two options it takes that cannot be given together. */
export function refuseConflicts(command: Command, values: Readonly<Record<string, unknown>>): void {
  const given = (name: string) => values[name] !== undefined && values[name] !== false;
  for (const [one, other, why] of (COMMANDS[command] as CommandSpec).conflicts ?? []) if (given(one) && given(other)) throw new UsageError(why);
}

/** Where descriptions and help sentences start, and the width they are wrapped at (the longest line before was 117). */
const COLUMN = 33;
const WIDTH = 120;

/** `head` with `text` beside it from COLUMN on (below it when `head` reaches that far), wrapped at WIDTH. */
function entry(head: string, text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && COLUMN + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  const indent = ' '.repeat(COLUMN);
  const [first, ...rest] = head.length + 2 <= COLUMN ? [head.padEnd(COLUMN) + lines[0], ...lines.slice(1)] : [head, ...lines];
  return [first, ...rest.map((more) => indent + more)].join('\n');
}

/** An option's help sentence, with its declared default where the sentence does not say it in words. */
const helpOf = ({ help, default: fallback }: OptionSpec) =>
  typeof fallback === 'string' && fallback !== '' && !/\bdefault\b/.test(help) ? `${help} (default ${fallback})` : help;

/** One command's section of the usage: its synopsis and description, then each option as declared. */
function commandSection(name: Command): string {
  const { synopsis, description, options } = COMMANDS[name] as CommandSpec;
  const optionLines = Object.entries(options).map(([option, spec]) => entry(`      --${option}${spec.value ? ` ${spec.value}` : ''}`, helpOf(spec)));
  return [entry(`  faultline ${synopsis}`, description), ...optionLines].join('\n');
}

const EXIT_CODES =
  `exit codes: ${EXIT.ok} conforms (or reproduced; a matrix as pinned; an audit without finding), ` +
  `${EXIT.deviates} deviates (a matrix drifts; an audit has findings), ${EXIT.cannotJudge} bad usage or cannot run`;

/** The usage text `faultline help` prints: every command and option as declared, then the exit codes. */
export function usageText(): string {
  return ['usage: faultline <command>', '', ...COMMAND_NAMES.map(commandSection), '', EXIT_CODES].join('\n');
}

/** What `faultline COMMAND --help` prints: that command's section, from the same declarations, and the exit codes. */
export function commandUsage(name: Command): string {
  return [`usage: faultline ${name}`, '', commandSection(name), '', EXIT_CODES].join('\n');
}
