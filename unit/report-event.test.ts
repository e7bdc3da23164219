import { applyAggregateErrorsToEvent, createStackParser, eventFromMessage, eventFromUnknownInput, exceptionFromError, type Client } from '@sentry/core';
import type { ErrorEvent } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { digestTagOf, eventInBrief, reportInOneLine, thrownOf, whatItSays } from '../verdict/report-event';
import { summarise } from '../worker/reports';
import { reportInBrief } from '../verdict/audit-reporting';

/**
 * What a report says, read once for both targets: events built by Sentry's own event builder
 * (with its linked errors, as `linkedErrorsIntegration` adds a cause), never shapes written here.
 */
const parser = createStackParser();

function eventOf(thrown: unknown, tags?: Record<string, string>): ErrorEvent {
  const event = eventFromUnknownInput(undefined as unknown as Client, parser, thrown) as ErrorEvent;
  applyAggregateErrorsToEvent(exceptionFromError, parser, 'cause', 5, event, { originalException: thrown });
  return { ...event, ...(tags && { tags }) };
}

class QuotaError extends Error {
  name = 'QuotaError';
}

describe('what a report says', () => {
  const cause = new QuotaError('the quota of tenant 7 is spent');
  const thrown = new Error('server-page-throws: it broke', { cause });

  it('is the thrown error, not its cause, where the SDK lists both', () => {
    const event = eventOf(thrown);
    expect(event.exception?.values?.map((value) => value.type)).toEqual(['QuotaError', 'Error']);
    expect(thrownOf(event)).toMatchObject({ type: 'Error', value: 'server-page-throws: it broke' });
    expect(whatItSays(event)).toBe('server-page-throws: it broke');
  });

  it('is a captured message where nothing was thrown', () => {
    const event = eventFromMessage(parser, 'checkout failed for order 12') as ErrorEvent;
    expect(thrownOf(event)).toBeUndefined();
    expect(whatItSays(event)).toBe('checkout failed for order 12');
  });

  it('reads the digest tag the app put on it, and nothing where it put none', () => {
    expect(digestTagOf(eventOf(thrown, { digest: '2417519832' }))).toBe('2417519832');
    expect(digestTagOf(eventOf(thrown))).toBeNull();
  });

  it("is one report in brief for both targets: a run's summary and an audit's say the same of it", () => {
    const event = eventOf(thrown, { digest: '2417519832' });
    event.exception!.values!.at(-1)!.mechanism = { type: 'auto.function.nextjs.on_request_error', handled: false };
    const said = {
      type: 'Error',
      value: 'server-page-throws: it broke',
      handled: false,
      mechanism: 'auto.function.nextjs.on_request_error',
      digest: '2417519832',
    };
    expect(summarise('server', event, 'digest')).toEqual({ runtime: 'server', attributedBy: 'digest', ...said });
    expect(reportInBrief({ runtime: 'node', event })).toEqual({ runtime: 'node', ...said });
    expect(reportInBrief({ runtime: 'browser', reporter: 'PostHog', event })).toEqual({ runtime: 'browser', reporter: 'PostHog', ...said });
  });

  it('says a captured message the same way for both targets: no type, the message as what it says', () => {
    const event = eventFromMessage(parser, 'checkout failed for order 12') as ErrorEvent;
    const said = { type: null, value: 'checkout failed for order 12', handled: null, mechanism: null, digest: null };
    expect(summarise('browser', event, 'page')).toEqual({ runtime: 'browser', attributedBy: 'page', ...said });
    expect(reportInBrief({ runtime: 'browser', event })).toEqual({ runtime: 'browser', ...said });
  });
});

describe('a report in one line, as every output shows it', () => {
  it('says where it came from, what was thrown, its text, and how it was caught and tagged where the event says', () => {
    const server = { runtime: 'server', ...eventInBrief(eventOf(new QuotaError('quota exceeded'), { digest: '2948' })), handled: false };
    expect(reportInOneLine(server)).toBe('server QuotaError: quota exceeded (unhandled, digest 2948)');
    expect(reportInOneLine({ runtime: 'edge', type: null, value: 'a note', handled: null, digest: null })).toBe('edge message: a note');
    expect(reportInOneLine({ runtime: 'browser', type: 'Error', value: 'boom', handled: true, digest: null })).toBe('browser Error: boom (handled)');
  });
});
