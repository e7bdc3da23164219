#!/usr/bin/env node
// The installed package runs its compiled CLI (cli/main.mjs, written by cli/pack.ts); a checkout
// runs the TypeScript through tsx, so the catalogue and harness are imported as written.
import { existsSync } from 'node:fs';

const compiled = new URL('../cli/main.mjs', import.meta.url);
if (!existsSync(compiled)) (await import('tsx/esm/api')).register();
const { main } = await import(existsSync(compiled) ? compiled.href : '../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
