import { isAbsolute, posix } from 'node:path';
import type { InspectedApp } from '../../audit/app/inspect';

/** Where `faultline init` writes the job, from the repository's top. */
export const WORKFLOW_FILE = '.github/workflows/faultline.yml';

/** Where the app stands in its repository, and what its job needs to know of it. */
export interface WorkflowPlace {
  /** The app's folder from the repository's top (`apps/web`); '' at the top. */
  appPath: string;
  /** Where its dependencies install (its lockfile's folder: a monorepo's root), from the top. */
  installPath: string;
  packageManager: InspectedApp['packageManager'];
  /** The audit's outputs folder, from the app's folder (its config's `out`, else the audit's default). */
  out: string;
}

/** How a job installs the app's dependencies with each package manager: the step that sets the manager up, setup-node's cache, the install. */
const INSTALLS: Record<WorkflowPlace['packageManager'], { setup?: string; cache?: string; lockfile?: string; install: string }> = {
  npm: { cache: 'npm', lockfile: 'package-lock.json', install: 'npm ci' },
  pnpm: { setup: 'pnpm/action-setup@v4', cache: 'pnpm', lockfile: 'pnpm-lock.yaml', install: 'pnpm install --frozen-lockfile' },
  yarn: { cache: 'yarn', lockfile: 'yarn.lock', install: 'yarn install --frozen-lockfile' },
  bun: { setup: 'oven-sh/setup-bun@v2', install: 'bun install --frozen-lockfile' },
  unknown: { install: 'npm install' },
};

/** The audit's build cache, kept from one job to the next as the Action keeps it (action.yml): the copy's own last cache halves its build. */
const BUILD_CACHE = [
  "      # The audit builds its own copy of the app: that copy's last build cache makes its next build incremental.",
  '      - uses: actions/cache@v4',
  '        with:',
  '          path: ~/.cache/faultline/audit/*/.next/cache',
  '          key: faultline-build-${{ runner.os }}-${{ github.sha }}',
  '          restore-keys: faultline-build-${{ runner.os }}-',
];

/**
 * The GitHub Actions job `faultline init` writes: checkout, install (faultline comes with the app's
 * devDependencies), Chromium, the audit (`npx faultline audit .`, which writes the job's summary and
 * annotations itself), its outputs as an artifact and its SARIF to code scanning. Nothing in it
 * names where faultline's repository lives.
 */
export function workflowText({ appPath, installPath, packageManager, out }: WorkflowPlace): string {
  const { setup, cache, lockfile, install } = INSTALLS[packageManager];
  const fromTop = (path: string) => (isAbsolute(path) ? path : posix.join(appPath || '.', path));
  const lockfileAt = installPath ? posix.join(installPath, lockfile ?? '') : null;
  const outputs = fromTop(out);
  return [
    '# faultline: how this app fails (what its users see, what is reported), audited on every pull request.',
    '# Written by faultline init. The job fails only on findings faultline-baseline.json does not accept',
    "# (npx faultline audit . --update-baseline accepts today's); each finding is annotated on the pull request,",
    "# the counts are the job's summary, the findings go to code scanning and the report (audit.html) to an artifact.",
    'name: faultline',
    'on:',
    '  pull_request:',
    'jobs:',
    '  audit:',
    '    runs-on: ubuntu-latest',
    '    permissions:',
    '      contents: read',
    '      security-events: write # the SARIF upload to code scanning',
    ...(appPath ? ['    defaults:', '      run:', `        working-directory: ${appPath}`] : []),
    '    steps:',
    '      - uses: actions/checkout@v4',
    ...(setup ? [`      - uses: ${setup}`] : []),
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 20',
    ...(cache ? [`          cache: ${cache}`] : []),
    ...(cache && lockfileAt ? [`          cache-dependency-path: ${lockfileAt}`] : []),
    `      - run: ${install} # faultline comes with the app's devDependencies`,
    ...(appPath && installPath !== appPath ? [`        working-directory: ${installPath || '.'}`] : []),
    '      - run: npx playwright install --with-deps chromium # the browser the audit drives',
    ...BUILD_CACHE,
    '      - name: Audit',
    '        id: audit',
    '        run: npx faultline audit .',
    '        env:',
    "          NEXT_TELEMETRY_DISABLED: '1'",
    '      - if: always()',
    '        uses: actions/upload-artifact@v4',
    '        with:',
    '          name: faultline-audit',
    `          path: ${outputs}`,
    `      - if: always() && hashFiles('${outputs}/report.sarif') != ''`,
    '        uses: github/codeql-action/upload-sarif@v3',
    '        with:',
    `          sarif_file: ${outputs}/report.sarif`,
    '          category: faultline',
    '',
  ].join('\n');
}
