import { join } from 'node:path';
import { catalogue } from '../scenarios/catalogue';
import { CatalogueError } from '../scenarios/schema';
import { catalogueAsJson, catalogueAsMarkdown, catalogueAsTable } from './list';
import { chromiumPath, parseRunArgs, run } from './run';
import { EXIT, UsageError } from './usage-error';

const root = join(import.meta.dirname, '..');

const USAGE = `usage: faultline <command>

  faultline list [--json|--markdown]  the scenario catalogue
  faultline browser              the Chromium faultline will drive (exit 2 when none)
  faultline run [options]        conformance run of the catalogue (builds and starts the app)
      --scenario ID              only this entry (repeatable)
      --grep TEXT                only checks whose title matches
      --base-url URL             test a deployed app instead of starting one
      --shard I/N                run shard I of N
      --workers N                parallel browsers (default 2)
      --out DIR                  reports folder (default faultline-report)`;

async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'list':
      if (rest.length > 1 || rest.some((arg) => arg !== '--json' && arg !== '--markdown')) {
        throw new UsageError(`Unknown option for list: ${rest.join(' ')} (use --json or --markdown)`);
      }
      if (rest[0] === '--json') console.log(catalogueAsJson(catalogue));
      else if (rest[0] === '--markdown') console.log(catalogueAsMarkdown(catalogue));
      else console.log(catalogueAsTable(catalogue));
      return EXIT.ok;
    case 'browser':
      console.log(await chromiumPath());
      return EXIT.ok;
    case 'run':
      return run(parseRunArgs(rest), root);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command === undefined ? EXIT.usage : EXIT.ok;
    default:
      throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  }
}

export async function main(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (error) {
    if (error instanceof UsageError || error instanceof CatalogueError) {
      console.error(`faultline: ${error.message}`);
      return EXIT.usage;
    }
    throw error;
  }
}
