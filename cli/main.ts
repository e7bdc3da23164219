import { join } from 'node:path';
import { describeFailure } from './failure';
import { EXIT, UsageError } from './usage-error';
import { exitWithLauncher } from '../harness/lifeline';
import { ENV } from '../harness/contract';

const root = join(import.meta.dirname, '..');

const USAGE = `usage: faultline <command>

  faultline list [--json|--markdown]  the scenario catalogue
  faultline browser              the Chromium faultline will drive, proven by opening a page (exit 2 when none works)
  faultline run [options]        conformance run of the catalogue (builds and starts the app)
      --scenario ID              only this entry (repeatable)
      --grep TEXT                only checks whose title matches
      --base-url URL             test a deployed app instead of starting one
      --shard I/N                run shard I of N
      --workers N                parallel browsers (default 2)
      --port N                   port for the app faultline starts (default: a free one)
      --repeat N                 run every check N times
      --catalogue FILE           check a JSON catalogue instead of the built-in one
      --out DIR                  reports folder (default faultline-report)
  faultline merge DIR... [--out DIR]
                                 merge the reports of shard runs into one
  faultline matrix [options]     the catalogue observed on several next versions, cell by cell
      --next V,V,...             versions (default: newest patch of each minor, 15.5 to 16.4)
      --fallback KIND            classic (the app's own, default), builtin (Next's) or both
      --scenario ID              only this entry (repeatable)
      --out DIR                  matrix.json, matrix.md, matrix.html (default faultline-matrix)
      --fresh                    observe again where nothing changed since the last matrix
  faultline audit APP-DIR [options]
                                 how another Next.js app fails: the catalogue placed in a copy of it,
                                 what users see and what Sentry receives, judged (the app is never written)
      --scenario ID              only this entry (repeatable)
      --out DIR                  report.json, junit.xml, audit.html, screens (default faultline-audit)
      --next V,V,...             also on these next versions: audit-matrix.json, .md, .html instead
      --upgrade-to V             what changes for the app's users from its own next to V (adds V)
      --fresh                    with --next: observe again where nothing changed since the last audit matrix
  faultline repro ID | --path /route [options]
                                 replay one scenario (or any route) and show what happened
      --json                     one JSON object: screen, serverLog, reports, verdict
      --dev                      next dev instead of the production build
      --headed                   show the browser (default when a display is available)
      --base-url URL             a deployed app instead of starting one
      --port N                   port for the app faultline starts

exit codes: 0 conforms (or reproduced; a matrix as pinned; an audit without finding), 1 deviates (a matrix drifts; an audit has findings), 2 bad usage or cannot run`;

// Each command loads only its own modules: a conformance run should not wait for repro's.
async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'list': {
      const { catalogue } = await import('../scenarios/catalogue');
      const { catalogueAsJson, catalogueAsMarkdown, catalogueAsTable } = await import('./list');
      if (rest.length > 1 || rest.some((arg) => arg !== '--json' && arg !== '--markdown')) {
        throw new UsageError(`Unknown option for list: ${rest.join(' ')} (use --json or --markdown)`);
      }
      if (rest[0] === '--json') console.log(catalogueAsJson(catalogue));
      else if (rest[0] === '--markdown') console.log(catalogueAsMarkdown(catalogue));
      else console.log(catalogueAsTable(catalogue));
      return EXIT.ok;
    }
    case 'browser': {
      if (rest.length > 0) throw new UsageError(`browser takes no options (got ${rest.join(' ')})`);
      // Proven, not assumed: the binary found is launched once and opens a blank page.
      const { proveChromium } = await import('../harness/chromium');
      const { executablePath, version } = await proveChromium();
      console.log(`${executablePath} (Chromium ${version})`);
      return EXIT.ok;
    }
    case 'run': {
      const { parseRunArgs, run } = await import('./run');
      return run(parseRunArgs(rest), root);
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
      return audit(parseAuditArgs(rest), root);
    }
    case 'repro': {
      const { parseReproArgs, repro } = await import('./repro');
      return repro(parseReproArgs(rest), root);
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command === undefined ? EXIT.usage : EXIT.ok;
    default:
      throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  }
}

/** A failure outside the awaited chain (an event handler, a stray promise) stops the command the same way: one line, exit 2. */
function stopOnStrayFailure(): void {
  const stop = (error: unknown) => {
    console.error(`faultline: ${describeFailure(error).line}`);
    process.exit(EXIT.usage);
  };
  process.on('uncaughtException', stop).on('unhandledRejection', stop);
}

export async function main(argv: string[]): Promise<number> {
  stopOnStrayFailure();
  // Started by a matrix: end (winding down like Ctrl-C) when the matrix is gone, even by SIGKILL.
  const lifeline = process.env[ENV.runLifeline] === '1';
  if (lifeline) {
    delete process.env[ENV.runLifeline];
    exitWithLauncher('SIGINT');
  }
  try {
    return await dispatch(argv);
  } catch (error) {
    console.error(`faultline: ${describeFailure(error).line}`);
    return EXIT.usage;
  } finally {
    // The lifeline holds stdin open: let the process end once the command has.
    if (lifeline) process.stdin.destroy();
  }
}
