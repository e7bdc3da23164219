import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * Where a placed entry's error is made, read from the files faultline wrote for it: the line of
 * its `new Error` (thrown or rejected on that line), in its own route files or in the body of a
 * thrower of faultline's they import by name. What a report's top frame must resolve to through
 * the build's maps (issue #86). Only one such line, and no other `throw` or rejection on the way,
 * is a thrower told; an error made in a helper, or a value thrown by its kind, is none.
 */

/** A placed thrower: its file relative to the workspace's app folder (`/` between segments) and the line its error is made on. */
export interface PlacedThrower {
  file: string;
  line: number;
}

/** A `throw` or a rejection. */
const THROWS = /\bthrow\b|\bPromise\.reject\b/;
/** One that makes its error on its own line: what a stack's frame names. */
const MADE = /(?:\bthrow\b|\bPromise\.reject\b).*\bnew [A-Z][\w$]*\(/;

/** The last line of the function declared on `start`: where its braces close. */
function bodyEnd(lines: readonly string[], start: number): number {
  let depth = 0;
  let opened = false;
  for (let at = start; at < lines.length; at++) {
    for (const char of lines[at]) {
      if (char === '{') [depth, opened] = [depth + 1, true];
      else if (char === '}') depth -= 1;
    }
    if (opened && depth <= 0) return at;
  }
  return lines.length - 1;
}

/** What the lines `from` to `to` of `file` throw: the lines that make their error, and whether another throws. */
function sitesIn(file: string, lines: readonly string[], from: number, to: number) {
  const sites: PlacedThrower[] = [];
  let other = false;
  for (let at = from; at <= to; at++) {
    if (!THROWS.test(lines[at])) continue;
    if (MADE.test(lines[at])) sites.push({ file, line: at + 1 });
    else other = true;
  }
  return { sites, other };
}

const JS = ['.jsx', '.js', '.mjs'];
const moduleFile = (path: string) => JS.map((ext) => `${path}${ext}`).find((file) => existsSync(file)) ?? null;

/** `import { a, b } from './x'`: the names and where from. */
const IMPORTED = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** Where `name` is declared as a function (or a constant holding one): in `file`, or in the file `file` re-exports it from (`export { name } from './other'`), one step. */
function declaration(file: string, name: string, follow = true): { file: string; lines: string[]; start: number; constant: boolean } | null {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const escaped = name.replace(/\$/g, '\\$');
  // `function name(` or `const name = (…) => …`, as faultline's App Router and Pages Router throwers declare theirs.
  const declares = new RegExp(`\\bfunction\\s+${escaped}\\s*\\(|\\b(?:const|let|var)\\s+${escaped}\\s*=`);
  const start = lines.findIndex((line) => declares.test(line));
  if (start >= 0) return { file, lines, start, constant: !/\bfunction\s/.test(lines[start]) };
  if (!follow) return null;
  for (const [, names, from] of text.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = from.startsWith('.') ? moduleFile(join(dirname(file), from)) : null;
    if (target !== null && names.split(',').some((part) => part.trim().split(/\s+as\s+/)[0] === name)) return declaration(target, name, false);
  }
  return null;
}

/**
 * The thrower of an entry whose placed files are `files` (absolute), under `workspace`, with
 * faultline's throwers in `throwersDir`; undefined where its files do not tell one line.
 */
export function placedThrower(workspace: string, files: readonly string[], throwersDir: string): PlacedThrower | undefined {
  const named = (file: string) => relative(workspace, file).split(sep).join('/');
  const sites: PlacedThrower[] = [];
  let other = false;
  const add = (found: ReturnType<typeof sitesIn>) => {
    sites.push(...found.sites);
    other ||= found.other;
  };
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    add(sitesIn(named(file), lines, 0, lines.length - 1));
    for (const [, names, from] of text.matchAll(IMPORTED)) {
      const target = from.startsWith('.') ? moduleFile(join(dirname(file), from)) : null;
      if (target === null || !target.startsWith(throwersDir + sep)) continue;
      for (const name of names.split(',').map((part) => part.trim().split(/\s+as\s+/)[0])) {
        if (name === '') continue;
        const declared = declaration(target, name);
        if (declared === null) continue;
        const found = sitesIn(named(declared.file), declared.lines, declared.start, bodyEnd(declared.lines, declared.start));
        // A thrower that throws nothing itself makes its error in a helper it calls: where, the text does not tell.
        // A constant that throws nothing is a page's other export (`getServerSideProps = perRequest`), no thrower.
        if (found.sites.length === 0 && !found.other && declared.constant) continue;
        add(found.sites.length === 0 && !found.other ? { sites: [], other: true } : found);
      }
    }
  }
  const distinct = [...new Map(sites.map((site) => [`${site.file}:${site.line}`, site])).values()];
  return !other && distinct.length === 1 ? distinct[0] : undefined;
}
