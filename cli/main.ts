import { join } from 'node:path';
import { describeFailure } from './failure';
import { EXIT, UsageError } from './usage-error';
import { COMMAND_NAMES, commandUsage, readCommand, usageText, type Command } from './options';
import { carriesReferenceApp } from '../harness/root';

const isCommand = (name: string | undefined): name is Command => COMMAND_NAMES.includes(name as Command);

const root = join(import.meta.dirname, '..');

const USAGE = usageText();

/** `list`'s format: --json or --markdown, at most one, else the table. */
export function parseListArgs(argv: string[]): 'table' | 'json' | 'markdown' {
  const { json, markdown } = readCommand('list', argv);
  return json ? 'json' : markdown ? 'markdown' : 'table';
}

/** `browser` takes no option (none is declared). */
export function parseBrowserArgs(argv: string[]): void {
  readCommand('browser', argv);
}

/** The commands that check faultline's reference app, which the installed package does not carry. */
const ON_THE_REFERENCE_APP = new Set(['run', 'repro', 'matrix']);

// Each command loads only its own modules: a conformance run should not wait for repro's.
async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // A command's own help, before anything it would check: its options as declared (an option value that is `--help` comes after `--`).
  const beforeEnd = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (isCommand(command) && (beforeEnd.includes('--help') || beforeEnd.includes('-h'))) {
    console.log(commandUsage(command));
    return EXIT.ok;
  }
  if (command !== undefined && ON_THE_REFERENCE_APP.has(command) && !carriesReferenceApp())
    throw new UsageError(
      `${command} checks faultline's own reference app, which the installed package does not carry (it carries the audit of your app: faultline audit .); run it from a checkout of faultline`,
    );
  switch (command) {
    case 'list': {
      const { catalogue } = await import('../scenarios/catalogue');
      const { buildFailures } = await import('../scenarios/build-failures');
      const { buildFailuresAsMarkdown, buildFailuresAsTable, catalogueAsJson, catalogueAsMarkdown, catalogueAsTable } = await import('./list');
      const format = parseListArgs(rest);
      // JSON is the catalogue alone: what --catalogue reads back.
      if (format === 'json') console.log(catalogueAsJson(catalogue));
      else if (format === 'markdown') console.log(`${catalogueAsMarkdown(catalogue)}\n\n${buildFailuresAsMarkdown(buildFailures)}`);
      else console.log(`${catalogueAsTable(catalogue)}\n\n${buildFailuresAsTable(buildFailures)}`);
      return EXIT.ok;
    }
    case 'browser': {
      parseBrowserArgs(rest);
      // Proven, not assumed: the binary found is launched once and opens a blank page.
      const { proveChromium } = await import('../harness/chromium');
      const { executablePath, version } = await proveChromium();
      console.log(`${executablePath} (Chromium ${version})`);
      return EXIT.ok;
    }
    case 'run': {
      const { parseRunArgs, runEach } = await import('./run');
      return runEach(parseRunArgs(rest), root);
    }
    case 'merge': {
      const { merge, parseMergeArgs } = await import('./merge');
      return merge(parseMergeArgs(rest), root);
    }
    case 'matrix': {
      const { matrix, parseMatrixArgs } = await import('./matrix');
      return matrix(parseMatrixArgs(rest), root);
    }
    case 'audit': {
      const { audit, parseAuditArgs } = await import('./audit');
      return audit(parseAuditArgs(rest));
    }
    case 'init': {
      const { init, parseInitArgs } = await import('./init/init');
      return init(parseInitArgs(rest));
    }
    case 'repro': {
      const { parseReproArgs, repro } = await import('./repro');
      return repro(parseReproArgs(rest), root);
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command === undefined ? EXIT.cannotJudge : EXIT.ok;
    default:
      throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  }
}

/** A failure outside the awaited chain (an event handler, a stray promise) stops the command the same way: one line, exit 2. */
function stopOnStrayFailure(): void {
  const stop = (error: unknown) => {
    console.error(`faultline: ${describeFailure(error).line}`);
    process.exit(EXIT.cannotJudge);
  };
  process.on('uncaughtException', stop).on('unhandledRejection', stop);
}

/**
 * A reader that stops reading (`faultline list | true`, `faultline run | head -1`) is no failure of
 * faultline's: what was left to print is dropped, and the command goes on to its end (its reports
 * are files) and exits with what it found.
 */
function outliveClosedReader(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
}

export async function main(argv: string[]): Promise<number> {
  stopOnStrayFailure();
  outliveClosedReader();
  try {
    return await dispatch(argv);
  } catch (error) {
    console.error(`faultline: ${describeFailure(error).line}`);
    return EXIT.cannotJudge;
  }
}
