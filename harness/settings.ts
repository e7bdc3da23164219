import { CHROMIUM_UNSAFE_PORTS } from './chromium';
import { DEFAULT_WORKERS, ENV } from '../contract';
import { UsageError } from './failures';

/** More browsers than this only queue on the CPU; more rounds than this belong in `npm run flake`. */
export const MAX_WORKERS = 16;
export const MAX_REPEAT = 100;

/** `value` as a whole number from 1 to `max`, or one line naming `setting` (a flag or a variable). */
export function wholeNumber(setting: string, value: string, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) throw new UsageError(`Bad ${setting} "${value}": a whole number from 1 to ${max}`);
  return n;
}

/** A port a server can listen on and Chromium will load pages from. */
export function portNumber(setting: string, value: string): number {
  const port = wholeNumber(setting, value, 65_535);
  if (CHROMIUM_UNSAFE_PORTS.has(port)) throw new UsageError(`Bad ${setting} ${port}: Chromium refuses to load pages from it (ERR_UNSAFE_PORT); pick another`);
  return port;
}

/** `--shard I/N`, checked: shard I of N, 1 <= I <= N. */
export function parseShard(value: string): { current: number; total: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2]))
    throw new UsageError(`Bad shard "${value}": use I/N with 1 <= I <= N, e.g. --shard 1/3`);
  return { current: Number(match[1]), total: Number(match[2]) };
}

/** Playwright workers: `ENV.workers` under the same rule as `--workers`; a run's default when unset. */
export function workersFrom(env: Record<string, string | undefined>): number {
  const value = env[ENV.workers];
  return value === undefined || value === '' ? DEFAULT_WORKERS.run : wholeNumber(ENV.workers, value, MAX_WORKERS);
}

/** The port `npm test`'s server listens on: `ENV.port` under the same rule as `--port`; a free one when unset. */
export function portFrom(env: Record<string, string | undefined>): number | undefined {
  const value = env[ENV.port];
  return value === undefined || value === '' ? undefined : portNumber(ENV.port, value);
}

/**
 * The global setups of a Playwright run, as module paths, by who runs it: an audit's runner none
 * (its CLI started the audited app); otherwise the reference app's server (or the target a run was
 * given) and, in a checkout, the folder of the apps the audit's own tests generate (the package
 * carries no such tests).
 */
export function globalSetupsFor(env: Record<string, string | undefined>, { checkout }: { checkout: boolean }): string[] {
  if (env[ENV.auditPlan]) return [];
  return ['e2e/global-setup', ...(checkout ? ['foreign-apps/global-setup'] : [])];
}

/** A cookie `--cookie` gives the audit's visits to the app. */
export interface AuditCookie {
  name: string;
  value: string;
}

/** `NAME=VALUE`, the name a cookie name (RFC 6265's token), the value anything but `;`. */
export function parseCookie(given: string): AuditCookie {
  const at = given.indexOf('=');
  const name = given.slice(0, Math.max(at, 0));
  const value = given.slice(at + 1);
  if (at < 1 || !/^[!#$%&'*+\-.^_`|~\w]+$/.test(name) || /[;\r\n]/.test(value))
    throw new UsageError(`Bad --cookie "${name || given.split('=')[0]}=…": NAME=VALUE, with NAME a cookie name and VALUE without ";" or a line break`);
  return { name, value };
}
