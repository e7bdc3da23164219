import { readFileSync } from 'node:fs';
import { catalogue } from './catalogue';
import { CatalogueError, parseCatalogue, type Scenario } from './schema';
import { comparedVersion, forNext, installedNext } from './versions';
import { ENV } from '../harness/contract';

/** A catalogue from a JSON file: an array of entries, validated like the built-in one. */
export function readCatalogueFile(file: string): Scenario[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CatalogueError([`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`]);
  }
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch (error) {
    throw new CatalogueError([`${file}: not JSON (${(error as Error).message})`]);
  }
  if (!Array.isArray(entries)) throw new CatalogueError([`${file}: expected an array of entries`]);
  return parseCatalogue(entries);
}

/** The catalogue this run checks. */
export function activeCatalogue(env: Record<string, string | undefined> = process.env): Scenario[] {
  const file = env[ENV.catalogue];
  return file ? readCatalogueFile(file) : catalogue;
}

/** The entries of `catalogue` this run checks, in catalogue order, as they hold for the `next` under test. */
export function selectedScenarios(catalogue: readonly Scenario[], root: string, env: Record<string, string | undefined> = process.env): Scenario[] {
  const ids = env[ENV.scenarios]?.split(',').filter((id) => id !== '');
  const version = env[ENV.nextVersion] || comparedVersion(installedNext(root)).version;
  return catalogue.filter((scenario) => !ids?.length || ids.includes(scenario.id)).map((scenario) => forNext(scenario, version));
}

/**
 * Where `scenario` is pinned, as a deviation's fix names it: the JSON catalogue this run checks
 * (as it was given), or its failure class's file in the built-in one.
 */
export function pinnedIn(scenario: Scenario, env: Record<string, string | undefined> = process.env): string {
  return env[ENV.catalogue] || `scenarios/entries/${scenario.failureClass}.ts`;
}

/** A word as a POSIX shell reads it back. */
const shellWord = (word: string) => (/^[\w./:@=,+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/**
 * What a deviation's fix names: where `scenario` is pinned, the `next` installed at `root` (none
 * for a deployed app, whose next is not the one installed here), and the command that replays it
 * as this run checked it.
 */
export function pinnedWhere(scenario: Scenario, root: string, deployedAt: string | null, env: Record<string, string | undefined> = process.env) {
  const catalogueFile = env[ENV.catalogue];
  const replay = [
    ...(catalogueFile ? [`${ENV.catalogue}=${shellWord(catalogueFile)}`] : []),
    'npx faultline repro',
    scenario.id,
    ...(deployedAt ? ['--base-url', shellWord(deployedAt)] : []),
  ].join(' ');
  return { file: pinnedIn(scenario, env), next: deployedAt ? null : installedNext(root), replay };
}
