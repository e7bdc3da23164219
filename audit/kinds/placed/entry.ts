import type { Scenario } from '../../../scenarios/schema';
import type { PlacedThrower } from './throwers';

/** A placed failure as the CLI planned it and its workers read it: both sides of the kind share it. */

/** The kind's name: its entries' key in the plan (`kind.ts`). */
export const PLACED_KIND = 'placed';

type PlanEntries = { entries: Readonly<Record<string, readonly { id: string }[]>> };

/** The placed entries of the plan the workers read. */
export const placedIn = (plan: PlanEntries) => (plan.entries[PLACED_KIND] ?? []) as PlacedEntry[];

/** Whether entries of another kind (the app's routes) run beside the placed failures in this audit. */
export const besideOtherKinds = (plan: PlanEntries) => Object.entries(plan.entries).some(([kind, entries]) => kind !== PLACED_KIND && entries.length > 0);

export interface PlacedEntry {
  /** The entry's id, the catalogue's. */
  id: string;
  scenario: Scenario;
  /** Where the browser triggers it: the app's basePath, the reserved segment, the entry's own path. */
  url: string;
  /** The placed entries its page leads to (a link to another entry's route), besides itself: a report about one of them is this entry's. */
  reaches: string[];
  /** Where its error is made in the files faultline placed (`throwers.ts`): what its reports must resolve to through the build's maps; none where the files do not tell. */
  thrower?: PlacedThrower;
}
