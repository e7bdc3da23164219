import { lt, major, valid } from 'semver';
import { NEWEST_MAJOR, OLDEST_NEXT } from '../scenarios/next-adaptations';
import { UsageError } from './failures';

/** What the columns of both matrices share: the versions asked for, why one cannot be a column, a column's failure in one line. */

/** The versions `--next` names (repeatable, each a comma list), each once; none named at all is bad usage. */
export function nextVersions(given: readonly string[]): string[] {
  const versions = given
    .flatMap((list) => list.split(','))
    .map((version) => version.trim())
    .filter(Boolean);
  if (given.length > 0 && versions.length === 0) throw new UsageError('--next names no version (use e.g. --next 16.1.7,16.4.5)');
  return [...new Set(versions)];
}

/** Why `version` cannot be a column, before anything is installed; null when it can. */
export function versionProblem(version: string): string | null {
  if (valid(version) === null) return 'not an exact version (like 16.1.7)';
  if (lt(version, OLDEST_NEXT)) return `older than ${OLDEST_NEXT}, the first version the app runs on (instrumentation-client.ts came in 15.3)`;
  if (major(version) > NEWEST_MAJOR) return `newer than next ${NEWEST_MAJOR}.x, the last major the catalogue knows`;
  return null;
}

/** A failure in one line: its first, and for a failed build the first line that names an error. */
export function oneLine(message: string): string {
  const [first, ...rest] = message.replace(/\x1b\[[\d;]*m/g, '').split('\n');
  const cause = rest.find((line) => /error/i.test(line))?.trim();
  return cause ? `${first.replace(/:$/, '')}: ${cause}` : first;
}
