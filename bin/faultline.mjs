#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the catalogue and harness are imported as written.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
