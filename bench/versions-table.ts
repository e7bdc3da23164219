/**
 * What `npm run versions` records (`bench/versions-results.json`) and how docs/matrix.md shows it:
 * for each package whose behaviour faultline observes, the newest release on the registry beside
 * the version faultline pins and the newest its observations cover. Pure, so the docs test reads
 * the recorded results without the registry.
 */
import { block, replaceBlock } from '../outputs/docs-blocks';

/** One tracked package as the registry and faultline had it when `npm run versions` ran. */
export interface TrackedVersion {
  name: string;
  /** The registry's `latest`. */
  registry: string;
  /** The version faultline pins, and the file that pins it. */
  pinned: string;
  pinnedIn: string;
  /** The newest version faultline's observations cover, and which observations. */
  observed: string;
  observedBy: string;
}

export interface VersionsResults {
  checkedAt: string;
  packages: TrackedVersion[];
}

/** The block of docs/matrix.md that `npm run versions` writes. */
export const VERSIONS_BLOCK = block('versions', '`npm run versions` from bench/versions-results.json');

/** Whether the registry has a release faultline neither pins nor has observed. */
export const behind = (tracked: TrackedVersion) => tracked.registry !== tracked.pinned || tracked.registry !== tracked.observed;

export function versionsAsMarkdown({ checkedAt, packages }: VersionsResults): string {
  const rows = packages.map(
    (tracked) =>
      `| \`${tracked.name}\` | ${tracked.registry} | ${tracked.pinned} (${tracked.pinnedIn}) | ${tracked.observed} (${tracked.observedBy}) | ` +
      `${behind(tracked) ? '**newer on the registry**' : 'current'} |`,
  );
  return [
    `Checked ${checkedAt.slice(0, 10)}:`,
    '',
    '| package | registry (`latest`) | faultline pins | newest observed | |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** docs/matrix.md with the recorded versions in its block. */
export const replaceDocsVersions = (doc: string, results: VersionsResults) => replaceBlock(doc, 'docs/matrix.md', VERSIONS_BLOCK, versionsAsMarkdown(results));
