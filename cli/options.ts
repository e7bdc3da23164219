import type { ParseArgsConfig } from 'node:util';
import { COMMAND_NAMES, COMMANDS, parseOptionsOf, readOptions, type Command, type CommandSpec, type OptionsOf, type OptionSpec } from '../harness/commands';
import { parseCommandArgs } from './args';
import { EXIT } from './usage-error';

/**
 * What the command line makes of the commands' one declaration (harness/commands.ts): a command's
 * argv read into its options, the usage, each command's `--help`.
 */

export { COMMAND_NAMES, declaredOptions, parseOptionsOf, type Command } from '../harness/commands';

/** A command's argv as `parseArgs` reads it with the command's declared options: its raw values, and its positionals (a command that takes none refuses them). */
export function parseCommand(command: Command, argv: string[], { positionals = false } = {}) {
  const options = parseOptionsOf(command) as NonNullable<ParseArgsConfig['options']>;
  const { values, positionals: given } = parseCommandArgs({ args: argv, options, strict: true, allowPositionals: positionals });
  return { values: values as Readonly<Record<string, unknown>>, positionals: given };
}

/** A command's argv read by its declaration: its options, each in its field, checked and refused in its own words (`readOptions`). */
export function readCommand<C extends Command>(command: C, argv: string[]): OptionsOf<C> {
  return readOptions(command, parseCommand(command, argv).values, argv);
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
