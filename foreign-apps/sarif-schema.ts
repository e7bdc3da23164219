import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';

/**
 * SARIF 2.1.0's own JSON schema (draft-04), as @microsoft/jest-sarif ships it, compiled: what
 * `report.sarif` is checked against. Its patterns are not Unicode-mode regular expressions, and
 * formats (`uri`, `date-time`) are not checked.
 */
export const validSarif = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateFormats: false }).compile(
  JSON.parse(
    readFileSync(join(createRequire(import.meta.url).resolve('@microsoft/jest-sarif/package.json'), '..', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json'), 'utf8'),
  ),
);
