import { validRange } from 'semver';
import { z } from 'zod';
import { failureClasses } from './routes';
import { CONFIGURATION_IDS } from './configurations';
import { pathProblem } from './paths';

export { failureClasses, failureClassTitles } from './routes';

export const kebabCase = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case (a-z, 0-9 and single hyphens: nothing invisible)');
/** Text matched exactly on the page: an invisible character would make it match nothing a person sees. */
export const visibleText = z
  .string()
  .min(1)
  .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, 'must hold no invisible or control characters');
/** A path on the app's own origin (`paths.ts`, the one rule for every path faultline loads). */
export const routePath = z.string().superRefine((path, ctx) => {
  const problem = pathProblem(path);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const triggerSchema = z.discriminatedUnion('kind', [
  /** The browser loads `path` (with JavaScript off, as some users browse, when `javaScript` is false). */
  z.object({ kind: z.literal('load'), javaScript: z.literal(false).optional() }).strict(),
  /** A plain HTTP GET: for responses that are not documents (route handlers, proxy). */
  z.object({ kind: z.literal('request') }).strict(),
  /** Load `path`, then click the button with this accessible name once hydrated (a `HydratedButton`). */
  z.object({ kind: z.literal('click'), button: visibleText }).strict(),
  /** Load `path`, then submit the form with this button once hydrated (a `HydratedButton`). */
  z.object({ kind: z.literal('submit'), button: visibleText }).strict(),
  /** Load `path`, then follow the link with this name client-side once hydrated (a `HydratedLink`); optionally block JS chunks first. */
  z
    .object({
      kind: z.literal('navigate'),
      link: visibleText,
      /** The chunks the navigation loads are blocked once the page is hydrated; the check fails unless one was (check `trigger`). */
      blockChunks: z.boolean().optional(),
      /**
       * The RSC request of the navigation fails: the server answers 500, or the request is aborted.
       * From the first document on, prefetches too; the check fails unless one failed after the click (check `trigger`).
       */
      failRsc: z.enum(['status-500', 'aborted']).optional(),
    })
    .strict(),
]);

/** The start of a text whose rest changes from run to run. */
const textStart = z.object({ startsWith: z.string().min(1) }).strict();

const expectationShape = z
  .object({
    fallback: z.enum(['server', 'client', 'none']),
    /** Whether the `Digest: …` line is shown. */
    digest: z.boolean(),
    /** HTTP status of the document (or of the response, for `request`). */
    status: z.number().int().min(100).max(599),
    /**
     * Text the user sees when there is no fallback; for `request`, the exact response body, or its
     * start where the rest changes with every request (trace ids in a generated page).
     */
    sees: z.union([z.string(), textStart]).optional(),
    /** Where the user ends up, when it is not `path` (redirects). */
    url: routePath.optional(),
    /**
     * How the load got there: the status of the HTTP redirect it followed (307 for a `redirect()`
     * before the response began), or null where none was sent (once a streamed response began, a
     * redirect is made in the page); compared only where given.
     */
    redirectStatus: z.number().int().min(300).max(399).nullable().optional(),
    /** Status of the Server Action POST, for action scenarios. */
    actionStatus: z.number().int().min(100).max(599).optional(),
    /** Compare the digest with the one a direct load of `path` shows: equal, or not. */
    directLoad: z.object({ path: routePath, sameDigest: z.boolean() }).strict().optional(),
    /**
     * How many times Next calls the app's `onRequestError` for this failure, counted outside the SDK
     * (`[min, max]` where a framework race makes it vary, named in the note); when absent, once per
     * expected server report that is not optional.
     */
    deliveries: z.union([z.number().int().min(0).max(10), z.tuple([z.number().int().min(0), z.number().int().max(10)])]).optional(),
  })
  .strict();

type ExpectationShape = z.infer<typeof expectationShape>;

type Problem = { path: string; message: string };

function expectationProblems(expect: ExpectationShape): Problem[] {
  const problems: Problem[] = [];
  if (expect.digest && expect.fallback !== 'server') problems.push({ path: 'digest', message: 'only the server fallback shows a digest' });
  if (expect.fallback === 'none' && expect.sees === undefined)
    problems.push({ path: 'sees', message: 'a scenario without fallback must say what the user sees' });
  if (expect.fallback !== 'none' && expect.sees !== undefined)
    problems.push({ path: 'sees', message: 'only a scenario without fallback says what the user sees instead' });
  return problems;
}

/** The page probe looks for an element showing exactly `sees`: only a response body can be matched by its start. */
function triggerProblems(expect: Partial<ExpectationShape>, triggerKind: string): Problem[] {
  return typeof expect.sees === 'object' && triggerKind !== 'request'
    ? [{ path: 'sees', message: "only a request entry may give the start of what it sees (a page's text is matched exactly)" }]
    : [];
}

export const expectationSchema = expectationShape.superRefine((expect, ctx) => {
  for (const { path, message } of expectationProblems(expect)) ctx.addIssue({ code: 'custom', path: [path], message });
});

export const reportSchema = z
  .object({
    runtime: z.enum(['server', 'browser']),
    /** The exception type Sentry records. */
    type: z.string().min(1),
    /** The exception value exactly, or a prefix for values that change between builds. */
    value: z.union([z.string(), textStart]),
    /** Whether the event carries the `digest` tag (equal to the digest on screen when one is shown). */
    digest: z.boolean(),
    /** Sent on some requests and not on others (a framework race its entry's note names): at most once, never required. */
    optional: z.literal(true).optional(),
  })
  .strict();

export const configurationId = z.enum(CONFIGURATION_IDS);

/**
 * Where a runtime's report must resolve through the build's own maps: the reference app's file (as
 * the map names its source, from the app's folder), the 1-based line of the throw, and the
 * function's name as the map restores it (null: not pinned, the name left unjudged).
 */
export const sourcePinSchema = z
  .object({
    file: z.string().min(1),
    line: z.number().int().min(1),
    function: z.string().min(1).nullable(),
  })
  .strict();

/** The source pins of an entry, per runtime of its reports: only where the build gives maps (the server's, docs/source-maps.md). */
export const sourceSchema = z.object({ server: sourcePinSchema.optional(), browser: sourcePinSchema.optional() }).strict();

/**
 * What an entry shows and sends on other `next` versions or under another configuration (Cache
 * Components), where that is a genuine framework change: the fields that differ, for a semver
 * range, a configuration or both, with why. Differences between versions and configurations are
 * data here, never branches in the drivers.
 */
export const versionOverrideSchema = z
  .object({
    /** The `next` versions this holds for: a semver range (`>=16.0.0 <16.2.0`); every version when absent. */
    next: z
      .string()
      .refine((range) => validRange(range) !== null, 'must be a semver range')
      .optional(),
    /** The configuration this holds for (scenarios/configurations.ts); every configuration when absent (a version's change is the framework's). */
    configuration: configurationId.optional(),
    expect: expectationShape.partial().optional(),
    reports: z.array(reportSchema).optional(),
    /** Where the reports resolve on those versions or in that configuration, where it is not where the entry pins it. */
    source: sourceSchema.optional(),
    /** What changed in the framework, and on which version it was observed. */
    note: z.string().min(1),
  })
  .strict()
  .superRefine((override, ctx) => {
    if (override.next === undefined && override.configuration === undefined)
      ctx.addIssue({ code: 'custom', message: 'an override names the versions (next) or the configuration it holds for' });
  });

/** A configuration the entry cannot exist in (its route does not build there), and why. */
export const notApplicableSchema = z.object({ configuration: configurationId, why: z.string().min(1) }).strict();

export const scenarioSchema = z
  .object({
    id: kebabCase,
    title: z.string().min(1),
    failureClass: z.enum(failureClasses),
    path: routePath,
    trigger: triggerSchema,
    expect: expectationSchema,
    /** Every error event expected, from both runtimes, each exactly once; all unhandled. */
    reports: z.array(reportSchema),
    /**
     * Where each runtime's report must resolve through the build's own maps (file, line, function):
     * checked by a run against every report of that runtime its check pairs with the entry's (check
     * `source`). Absent: not pinned (no map, or no frame of the app's to resolve).
     */
    source: sourceSchema.optional(),
    /** Why the outcome is what it is, where it surprises. */
    note: z.string().optional(),
    /**
     * The failure happens after the response (an ISR regeneration, an `after()` callback, a streamed
     * body): before proving what was reported, the check waits until the server showed the work ran
     * (its thrown message in the server log, and Next's deliveries as pinned), or fails naming what never came.
     */
    afterResponse: z.literal(true).optional(),
    /** Other `next` versions' and configurations' outcomes, where the framework changed: the first version's that matches, then the first of the configuration's on top (scenarios/versions.ts). */
    overrides: z.array(versionOverrideSchema).optional(),
    /** The configurations whose build cannot hold the entry's route. */
    notApplicable: z.array(notApplicableSchema).optional(),
  })
  .strict()
  .superRefine((scenario, ctx) => {
    for (const { path, message } of triggerProblems(scenario.expect, scenario.trigger.kind)) {
      ctx.addIssue({ code: 'custom', path: ['expect', path], message });
    }
    scenario.overrides?.forEach((override, i) => {
      const merged = { ...scenario.expect, ...override.expect };
      for (const { path, message } of [...expectationProblems(merged), ...triggerProblems(merged, scenario.trigger.kind)]) {
        ctx.addIssue({ code: 'custom', path: ['overrides', i, 'expect', path], message });
      }
    });
  });

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type Expectation = Scenario['expect'];
export type ExpectedReport = Scenario['reports'][number];
export type SourcePin = z.infer<typeof sourcePinSchema>;

/** More problems than this are counted, not listed: a catalogue of 5,000 duplicates needs one line about the rest. */
const SHOWN_PROBLEMS = 20;

export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, SHOWN_PROBLEMS).map((p) => `  - ${p}`);
    const more = problems.length > SHOWN_PROBLEMS ? [`  … and ${problems.length - SHOWN_PROBLEMS} more problems`] : [];
    super(`The scenario catalogue is malformed (${problems.length} problem${problems.length > 1 ? 's' : ''}):\n${[...shown, ...more].join('\n')}`);
    this.name = 'CatalogueError';
  }
}

function entryName(entry: unknown, index: number): string {
  const id = (entry as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? `entry "${id}"` : `entry #${index}`;
}

/** Validates every entry; all problems are reported at once, each naming the entry and the field. */
export function parseCatalogue(entries: readonly unknown[]): Scenario[] {
  const problems: string[] = [];
  const parsed: Scenario[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const result = scenarioSchema.safeParse(entry);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${entryName(entry, index)}: ${issue.path.join('.') || '(entry)'}: ${issue.message}`);
      }
      return;
    }
    if (seen.has(result.data.id)) problems.push(`${entryName(entry, index)}: id: duplicate id`);
    seen.add(result.data.id);
    parsed.push(result.data);
  });
  if (problems.length > 0) throw new CatalogueError(problems);
  return parsed;
}
