import { configKeys } from '../../audit/job';

/** A JavaScript value as a team writes it in a config: single quotes, keys bare where they can be. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value).map(([name, field]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name)}: ${literal(field)}`);
    return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
  }
  return String(value);
}

/**
 * The `faultline.config.mjs` `faultline init` writes: every key the config takes (audit/job.ts),
 * each with its default, so that the file changes nothing until the team edits it, and the comment
 * that says what it does.
 */
export function configFileText(): string {
  return [
    "// faultline audit's settings for this app, written by faultline init: every key at its default, so nothing changes until you edit one.",
    'export default {',
    ...configKeys().flatMap(({ name, default: value, help }) => [`  // ${help}`, `  ${name}: ${literal(value)},`]),
    '};',
    '',
  ].join('\n');
}

/** The same settings as JSON, for a team that keeps a `faultline.config.json` (no comments in JSON). */
export const configJsonText = (): string => `${JSON.stringify(Object.fromEntries(configKeys().map(({ name, default: value }) => [name, value])), null, 2)}\n`;
