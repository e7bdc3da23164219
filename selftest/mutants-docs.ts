import { block, DOCS, replaceBlock } from '../outputs/docs-blocks';
import type { RunCheck } from '../verdict/report';

/** The mutants' table and their block of docs/verdicts.md: what `npm run mutants` writes, a gate of `npm test`, not a benchmark. */

/** What bench/mutants-results.json holds (`npm run mutants`). */
export interface MutantsResults {
  measuredAt: string;
  caught: number;
  total: number;
  outcomes: {
    id: string;
    fault: string;
    scenarios: string[];
    expectedCheck: RunCheck;
    exitCode: number | null;
    failedChecks: RunCheck[];
    caught: boolean;
    seconds: number;
  }[];
}

/** The mutants table: one row per fault, the entries its run checked, the check that names it and the checks that failed. */
export function mutantsTable({ outcomes }: Pick<MutantsResults, 'outcomes'>): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '| fault | entries run | check expected | checks that failed | |',
    '|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${cell(o.fault)} | ${o.scenarios.join(', ')} | ${o.expectedCheck} | ${o.failedChecks.join(', ') || 'none'} | ${o.caught ? 'caught' : 'survived'} |`,
    ),
  ].join('\n');
}

function mutantsSummary(results: MutantsResults): string {
  const { caught, total, outcomes } = results;
  const sum = outcomes.reduce((total, o) => total + o.seconds, 0);
  const perFault = outcomes.length > 0 ? Math.round(sum / outcomes.length) : 0;
  const how = caught === total ? 'each by the check that names it' : `${total - caught} not caught by the check that names it`;
  return (
    `Latest \`npm run mutants\` (\`bench/mutants-results.json\`): **${caught} of ${total} faults caught, ${how}**, ` +
    `each by a run of only the entries it touches; about ${perFault} s per fault here (a build and a run), ${Math.round(sum / 60)} min in all.`
  );
}

/** The mutants block of docs/verdicts.md. */
export const MUTANTS_BLOCK = block('mutants', '`npm run mutants` from bench/mutants-results.json');

/** docs/verdicts.md (`file`, for the error when markers are missing) with the mutants block `results` give. */
export function replaceDocsMutants(doc: string, results: MutantsResults, file: string = DOCS.verdicts): string {
  return replaceBlock(doc, file, MUTANTS_BLOCK, `${mutantsSummary(results)}\n\n${mutantsTable(results)}`);
}
