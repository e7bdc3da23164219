import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { kindOf } from '../verdict/baseline';
import { groupedFindings, type AuditResult, type GroupedFinding } from './audit-report';

/**
 * `report.sarif`: an audit's findings as SARIF 2.1.0, the format code scanning reads (GitHub's,
 * GitLab's, Azure DevOps'): one rule per check and kind, one result per finding (with every entry
 * it holds for), located in the app's file where its fix lands, as the fix line names it.
 */

/** The files a fix line names, as the app names them: a name in backticks with a script's or a config's extension. */
const NAMED_FILE = /`((?:[\w.[\]@-]+\/)*[\w.[\]@-]+\.(?:tsx?|jsx?|mjs|cjs|json|\*))`/g;
/** A place a finding names itself (`sentry.server.config.ts:5`). */
const FILE_AT_LINE = /\b((?:[\w.[\]@-]+\/)*[\w.[\]@-]+\.(?:tsx?|jsx?|mjs|cjs)):(\d+)\b/;

const SCRIPTS = ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs'];

/**
 * The app's file a name stands for: the one it has (`instrumentation.ts` may be `src/instrumentation.js`;
 * `global-error.tsx` lives in its app folder), or where Next would read it once written.
 */
function appFile(root: string, appDir: string, named: string): string {
  const stem = named.replace(/\.(?:tsx?|jsx?|mjs|cjs|json|\*)$/, '');
  const inApp = /^(?:global-error|error|not-found|layout|page)$/.test(stem);
  const folders = inApp ? [appDir] : appDir.startsWith('src') ? ['src', '.'] : ['.', 'src'];
  const extensions = named.endsWith('.json') ? ['json'] : SCRIPTS;
  for (const folder of folders)
    for (const extension of extensions) {
      const candidate = join(folder, `${stem}.${extension}`);
      if (existsSync(join(root, candidate))) return candidate;
    }
  // Not there yet (the fix writes it): where Next looks for it first.
  return join(folders[0], named.includes('*') ? `${stem}.ts` : named);
}

/**
 * Where a fix lands that names no file, by what it changes: the error screen is the app's
 * `global-error`, its proxy is `proxy` (or Next 15's `middleware`), `Sentry.init` and `beforeSend`
 * are the server's Sentry setup (`sentry.server.config`, else the instrumentation).
 */
const FIX_LANDS: readonly [RegExp, readonly string[]][] = [
  [/\bthe proxy\b/, ['proxy.ts', 'middleware.ts']],
  [/error screen|render the sentence|what the page renders/, ['global-error.tsx']],
  [/Sentry\.init|beforeSend/, ['sentry.server.config.ts', 'instrumentation.ts']],
];

/** Where a finding's fix lands in the app: the line it was read at, the file (app-relative) and line its words name, or what it changes, else the app's package.json. */
export function fixLocation(finding: Pick<GroupedFinding, 'what' | 'fix' | 'at'>, app: { root: string; appDir: string }): { file: string; line: number } {
  // Where the judgement read the line that causes it (`next.config.ts:9`), as the app names it.
  const read = finding.at ? /^(.+?)(?::(\d+))?$/.exec(finding.at) : null;
  if (read) return { file: read[1], line: Number(read[2] ?? 1) };
  const at = FILE_AT_LINE.exec(finding.what);
  if (at) return { file: appFile(app.root, app.appDir, at[1]), line: Number(at[2]) };
  const fix = finding.fix ?? '';
  const named = [...fix.matchAll(NAMED_FILE)].map((match) => match[1]);
  if (named.length > 0) return { file: appFile(app.root, app.appDir, named[0]), line: 1 };
  const lands = FIX_LANDS.find(([pattern]) => pattern.test(fix))?.[1];
  if (lands) {
    const files = lands.map((name) => appFile(app.root, app.appDir, name));
    return { file: files.find((file) => existsSync(join(app.root, file))) ?? files[0], line: 1 };
  }
  return { file: 'package.json', line: 1 };
}

/** The folder code scanning resolves paths against: the repository holding the app (its `.git`), else the app's own. */
function repositoryOf(root: string): string {
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return root;
  }
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** The rule a finding is a result of: its check and its kind (the words before any colon, numbers left out). */
const ruleOf = (finding: Pick<GroupedFinding, 'check' | 'what'>) => {
  const kind = kindOf({ what: finding.what.split(': ')[0] });
  return { id: `${slug(finding.check)}/${slug(kind)}`, kind };
};

export function auditAsSarif(result: AuditResult, version: string): object {
  const repository = repositoryOf(result.app.root);
  const groups = groupedFindings(result);
  const rules = new Map<string, object>();
  for (const group of groups) {
    const { id, kind } = ruleOf(group);
    if (!rules.has(id))
      rules.set(id, {
        id,
        name: group.check,
        shortDescription: { text: `${group.check}: ${kind}` },
        ...(group.fix && { help: { text: group.fix } }),
        defaultConfiguration: { level: 'error' },
      });
  }
  const results = groups.map((group) => {
    const { file, line } = fixLocation(group, result.app);
    const uri = relative(repository, join(result.app.root, file)).split(sep).join('/');
    const message = [
      `${group.what} (in ${group.entries.join(', ')})`,
      ...(group.fix ? [`Fix: ${group.fix}`] : []),
      ...(group.evidence ? [`Seen: ${group.evidence}`] : []),
    ];
    return {
      ruleId: ruleOf(group).id,
      level: group.level === 'warn' ? 'warning' : group.baseline === 'accepted' ? 'note' : 'error',
      message: { text: message.join('\n') },
      locations: [{ physicalLocation: { artifactLocation: { uri, uriBaseId: 'SRCROOT' }, region: { startLine: line } } }],
      partialFingerprints: {
        'faultlineFinding/v1': createHash('sha256')
          .update(JSON.stringify([group.check, kindOf(group), group.entries]))
          .digest('hex'),
      },
      ...(group.baseline && { baselineState: group.baseline === 'accepted' ? 'unchanged' : 'new' }),
      properties: { entries: group.entries },
    };
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'faultline', version, rules: [...rules.values()] } },
        originalUriBaseIds: { SRCROOT: { uri: `file://${repository.split(sep).join('/').replace(/\/?$/, '/')}` } },
        results,
      },
    ],
  };
}
