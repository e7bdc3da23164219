import { join } from 'node:path';
import { AUDIT_DELIVERY_PREFIX, AUDIT_SEGMENT } from '../../../contract';
import { proxyRunsFor } from '../../../harness/build-manifests';
import { catalogue } from '../../../scenarios/catalogue';
import { forNext } from '../../../scenarios/versions';
import type { AuditEntryRecord } from '../../../verdict/attachment';
import type { EntryKind, KindPlacement, SettledRun } from '../../entry-kind';
import { isOpaque, sideBySideGroups } from './lanes';
import { PLACED_KIND, type PlacedEntry } from './entry';
import { claimLate, handOversNaming, withLateReports, type ReportingObservation } from './late-reports';
import { configurationOfApp, entriesToPlace, placeCatalogue, type CataloguePlacement } from './placement';

/**
 * The placed failures: the catalogue's entries placed in a copy of the app under the reserved
 * segment (`placement.ts`), each triggered in a browser as a user would and judged by what holds
 * for any app (`worker/`, `judge.ts`).
 */

/** The part of a placement a `--scenario` selection asks for (all of it without one), without the entries the team skips (not applicable, with its reason). */
function selected({ placed, notApplicable }: CataloguePlacement, ids: readonly string[], skip: Readonly<Record<string, string>>) {
  const asked = (id: string) => ids.length === 0 || ids.includes(id);
  return {
    placed: placed.filter((entry) => asked(entry.id) && !(entry.id in skip)),
    notApplicable: [
      ...notApplicable.filter((entry) => asked(entry.id)),
      ...placed.filter((entry) => asked(entry.id) && entry.id in skip).map((entry) => ({ id: entry.id, why: skip[entry.id] })),
    ],
  };
}

/**
 * The placement with the proxy entry moved to not applicable when the app's own proxy (wrapped
 * with the entry's failure) does not run for the entry's route: its matcher leaves it out, so the
 * failure could never happen there, and the page answering would be judged as if it had.
 */
function proxyEntryRuns(placement: KindPlacement<PlacedEntry>, { dir, app }: Parameters<EntryKind['built']>[1]): KindPlacement<PlacedEntry> {
  const entry = placement.entries.find((placed) => placed.scenario.failureClass === 'proxy');
  if (!entry || !app.ownProxy || proxyRunsFor(dir, app.distDir, entry.url, app.basePath)) return placement;
  return {
    ...placement,
    entries: placement.entries.filter((placed) => placed !== entry),
    notApplicable: [
      ...placement.notApplicable,
      { id: entry.id, why: `the app's proxy (${app.ownProxy}) does not run for ${entry.url}: its matcher leaves it out` },
    ],
  };
}

/**
 * The reports no check claimed given to the entry whose route or thrown message they name, however
 * late they came (the entry before the pages its page leads to), each such entry judged again with
 * them and Next's hand-overs counted over the whole run; the others are nobody's.
 */
function lateReports(
  entries: readonly PlacedEntry[],
  records: ReadonlyMap<string, AuditEntryRecord>,
  unclaimed: Parameters<EntryKind['late']>[2],
  { log, countsDeliveries, reporting }: SettledRun,
) {
  const { late, nobodys } = claimLate(unclaimed, entries, AUDIT_SEGMENT);
  const judgedAgain = (placed: PlacedEntry, record: AuditEntryRecord): AuditEntryRecord => {
    const reports = late.get(placed.id);
    if (!reports || !('judged' in record)) return record;
    const observed = record.observed as ReportingObservation;
    const delivered = countsDeliveries
      ? handOversNaming(log, AUDIT_DELIVERY_PREFIX, [placed.id, ...placed.reaches], AUDIT_SEGMENT)
      : (observed.delivered ?? null);
    // The late reports kept whole beside the entry's own: the judge stage traces each to source (issue #86).
    return {
      ...record,
      judged: withLateReports(placed.scenario, record.judged, observed, reports, delivered, reporting),
      observed: { ...observed, reports: [...observed.reports, ...reports] },
    };
  };
  return {
    records: entries.flatMap((placed) => {
      const record = records.get(placed.id);
      return record ? [judgedAgain(placed, record)] : [];
    }),
    left: nobodys,
  };
}

export const placedFailures: EntryKind<PlacedEntry> = {
  name: PLACED_KIND,
  place({ faultlineRoot, app, pinnedOn, reserved, passes, asked, skip, held }) {
    const placing = entriesToPlace(
      faultlineRoot,
      catalogue.map((scenario) => scenario.id),
      asked,
      held,
    );
    // As the reference app was pinned in the app's own configuration: a streamed 200 under Cache Components is Next's doing there.
    const configuration = configurationOfApp(app).id;
    const entries = catalogue.filter((scenario) => placing.has(scenario.id)).map((scenario) => forNext(scenario, pinnedOn, configuration));
    const placement = placeCatalogue(faultlineRoot, reserved, app, entries, passes);
    const { placed, notApplicable } = selected(placement, asked, skip);
    const under = reserved.group !== '' ? ` in ${join(app.appDir, reserved.group)}/ (its root layout),` : '';
    return {
      entries: placed,
      notApplicable,
      holds: [...placing],
      proxyWrapped: placement.proxyWrapped,
      said: `Placed ${placed.length} failures under /${AUDIT_SEGMENT}/${under} in a copy of the app (${reserved.workspace}); ${notApplicable.length} not applicable`,
    };
  },
  built: proxyEntryRuns,
  groups: sideBySideGroups,
  // A thrown value's errors name nothing (`⨯ null`): it cannot be told from the app's own.
  named: (entries) => entries.filter((entry) => !isOpaque(entry)).map((entry) => entry.id),
  late: lateReports,
};
