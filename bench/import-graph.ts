import { join, relative } from 'node:path';
import { build } from 'esbuild';

/**
 * faultline's own modules reached from `entryPoints`, each with the modules of faultline's it
 * imports at runtime (esbuild's metafile: `import type` left out, packages outside), paths
 * relative to `root`. The import rule (`unit/imports.test.ts`) and `npm run lines` read it.
 */
export async function importGraph(root: string, entryPoints: readonly string[]): Promise<Record<string, string[]>> {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: [...entryPoints],
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'out',
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
  });
  const graph: Record<string, string[]> = {};
  for (const [file, input] of Object.entries(metafile.inputs)) {
    graph[relative(root, join(root, file))] = input.imports.filter((entry) => !entry.external).map((entry) => relative(root, join(root, entry.path)));
  }
  return graph;
}
