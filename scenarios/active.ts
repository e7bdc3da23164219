import { readFileSync } from 'node:fs';
import { catalogue } from './catalogue';
import { CatalogueError, parseCatalogue, type Scenario } from './schema';
import { comparedVersion, forNext, installedNext, notApplicableIn } from './versions';
import { configurationOf } from './configurations';
import { buildFailureNotApplicable, buildFailureOn, buildFailures, type BuildFailure } from './build-failures';
import { ENV } from '../contract';

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

/** An entry a run selected: as it holds for the `next` and the configuration under test, or why it cannot exist there. */
export interface SelectedScenario {
  scenario: Scenario;
  /** Set when the configuration's build cannot hold the entry's route: its check is skipped, saying this. */
  notApplicable: string | null;
}

/** What a run is under: the ids it selected (none: all), the `next` whose expectations apply, its configuration. */
function underTest(root: string, env: Record<string, string | undefined>) {
  const ids = env[ENV.scenarios]?.split(',').filter((id) => id !== '') ?? [];
  return {
    selected: (id: string) => ids.length === 0 || ids.includes(id),
    version: env[ENV.nextVersion] || comparedVersion(installedNext(root)).version,
    configuration: configurationOf(env).id,
  };
}

/** The entries of `catalogue` this run checks, in catalogue order, as they hold for the `next` and the configuration under test. */
export function selectedEntries(catalogue: readonly Scenario[], root: string, env: Record<string, string | undefined> = process.env): SelectedScenario[] {
  const { selected, version, configuration } = underTest(root, env);
  return catalogue
    .filter((scenario) => selected(scenario.id))
    .map((scenario) => ({ scenario: forNext(scenario, version, configuration), notApplicable: notApplicableIn(scenario, configuration) }));
}

/**
 * The build-time entries this run checks (scenarios/build-failures.ts), as they hold for its `next`,
 * with why one cannot be checked in its configuration. The built-in catalogue's part: a run of
 * another catalogue (`--catalogue`) checks that one alone.
 */
export function selectedBuildFailures(
  root: string,
  env: Record<string, string | undefined> = process.env,
): { entry: BuildFailure; notApplicable: string | null }[] {
  if (env[ENV.catalogue]) return [];
  const { selected, version, configuration } = underTest(root, env);
  return buildFailures
    .filter((entry) => selected(entry.id))
    .map((entry) => ({ entry: buildFailureOn(entry, version), notApplicable: buildFailureNotApplicable(entry, configuration) }));
}

/** One entry of the built-in catalogue as it holds for the `next` and the configuration under test: what a spec checks of it beside the catalogue's own check. */
export function entryUnderTest(id: string, root: string, env: Record<string, string | undefined> = process.env): Scenario {
  const [selected] = selectedEntries(
    catalogue.filter((scenario) => scenario.id === id),
    root,
    { ...env, [ENV.scenarios]: '' },
  );
  if (!selected) throw new Error(`no catalogue entry ${id}`);
  return selected.scenario;
}

/** The entries of `catalogue` this run checks that exist under its configuration (see `selectedEntries`). */
export function selectedScenarios(catalogue: readonly Scenario[], root: string, env: Record<string, string | undefined> = process.env): Scenario[] {
  return selectedEntries(catalogue, root, env)
    .filter((selected) => selected.notApplicable === null)
    .map((selected) => selected.scenario);
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
