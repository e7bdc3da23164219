import { findScenario, thrownMessage } from '../scenarios/catalogue';
import { CLASSIC_SENTENCE } from '../scenarios/golden';
import type { Observation, Screen } from '../verdict/verdict';
import type { AuditObservation } from '../audit/kinds/placed/judge';
import type { SeenScreen } from '../verdict/screen-kind';

/** What a check of `server-page-throws` observes when the app conforms, with `digest` on screen, report and log. */
export function serverFailure(digest: string, over: Omit<Partial<Observation>, 'screen'> & { screen?: Partial<Screen> } = {}): Observation {
  const { screen, ...rest } = over;
  return {
    screen: {
      fallback: 'server',
      heading: CLASSIC_SENTENCE.server('localhost'),
      digestLine: `Digest: ${digest}`,
      lines: [CLASSIC_SENTENCE.server('localhost'), `Digest: ${digest}`],
      linesBefore: null,
      status: 500,
      path: findScenario('server-page-throws')!.path,
      sees: null,
      actionStatus: null,
      kind: 'classic fallback',
      ...screen,
    },
    reports: [{ runtime: 'server', type: 'Error', value: thrownMessage('server-page-throws'), handled: false, mechanism: 'm', digest }],
    serverReports: true,
    reportProblems: [],
    serverLogDigests: [digest],
    deliveries: [{ runtime: 'nodejs', routeType: 'render', renderSource: 'react-server-components', attributedBy: 'marker' }],
    privacy: [],
    leaks: [],
    ...rest,
  };
}

/** An audited observation's fields as tests write them: its screen's beside the rest. */
export type AuditedFields = Omit<Partial<AuditObservation>, 'screen'> & Partial<SeenScreen>;

/** `base` with the fields of `over`, its screen's where the observation holds them. */
export function audited(base: AuditObservation, over: AuditedFields = {}): AuditObservation {
  const { status, path, lines, linesBefore, ...rest } = over;
  const screen = Object.fromEntries(Object.entries({ status, path, lines, linesBefore }).filter(([, value]) => value !== undefined));
  return { ...base, ...rest, screen: { ...base.screen, ...screen } };
}

/** What the audit observes of an entry in an app: a server failure's page, nothing reported, nothing refused; `over` says what differs. */
export function auditedServerFailure(over: AuditedFields = {}): AuditObservation {
  return audited(
    {
      id: 'server-page-throws',
      screen: { status: 500, path: '/faultline-audit/server-page-throws', lines: ['This page couldn’t load'], linesBefore: null },
      serverLogDigests: [],
      reports: [],
      refused: { server: [], browser: [] },
      responses: [],
      document: null,
      clients: { server: null, browser: null },
    },
    over,
  );
}
