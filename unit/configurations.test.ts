import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV } from '../contract';
import { resolveNextConfig } from '../audit/app/next-config';

const root = join(import.meta.dirname, '..');
const { NODE_ENV: _testing, [ENV.cacheComponents]: _asked, ...rest } = process.env;
const plain = rest as NodeJS.ProcessEnv;

/** The reference app's next.config as Next resolves it for `next build` in `env`. */
const resolvedWith = (env: NodeJS.ProcessEnv) => resolveNextConfig(root, env, 'next.config.ts');

/** Every route file of the app whose name carries a tag before its extension (`page.segment-config.tsx`), by tag. */
function taggedRouteFiles(): Record<string, string[]> {
  const tagged: Record<string, string[]> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      const tag = /^(?:page|route|layout)\.([a-z-]+)\.tsx?$/.exec(entry.name)?.[1];
      if (tag) (tagged[tag] ??= []).push(relative(root, path));
    }
  };
  walk(join(root, 'app'));
  return tagged;
}

describe('the reference app under each configuration', () => {
  it('builds with Next’s defaults, taking in the routes whose segment config Cache Components refuses', async () => {
    const config = await resolvedWith(plain);
    expect(config.cacheComponents).toBe(false);
    expect(config.pageExtensions).toEqual(['tsx', 'ts', 'jsx', 'js', 'segment-config.tsx', 'segment-config.ts', 'segment-config.jsx', 'segment-config.js']);
  });

  it(`${ENV.cacheComponents}=1 builds it under Cache Components and Partial Prefetching, with the routes only they build`, async () => {
    const config = await resolvedWith({ ...plain, [ENV.cacheComponents]: '1' });
    expect(config).toMatchObject({ cacheComponents: true, partialPrefetching: true });
    expect(config.pageExtensions).toEqual([
      'tsx',
      'ts',
      'jsx',
      'js',
      'cache-components.tsx',
      'cache-components.ts',
      'cache-components.jsx',
      'cache-components.js',
    ]);
  });

  it("keeps the Edge runtime's and ISR's routes out of the Cache Components build: Next refuses their segment config there", () => {
    expect(taggedRouteFiles()['segment-config']?.sort()).toEqual([
      'app/(site)/scenarios/edge-page-throws/page.segment-config.tsx',
      'app/(site)/scenarios/edge-route-handler-throws/route.segment-config.ts',
      'app/(site)/scenarios/isr-regeneration-throws/page.segment-config.tsx',
    ]);
  });
});

describe('the versions without Cache Components', () => {
  it("build none of its own routes: Next 15's workspace adaptation removes exactly them", async () => {
    const { NEXT_ADAPTATIONS } = await import('../scenarios/next-adaptations');
    const removed = NEXT_ADAPTATIONS.filter((adaptation) => adaptation.next === '<16.0.0-0').flatMap((adaptation) => adaptation.remove ?? []);
    expect(removed.sort()).toEqual(taggedRouteFiles()['cache-components']?.sort());
  });

  it('build the default configuration’s own routes under Next’s own names (Next 15’s webpack build refuses the tagged ones)', async () => {
    const { NEXT_ADAPTATIONS } = await import('../scenarios/next-adaptations');
    const renamed = NEXT_ADAPTATIONS.filter((adaptation) => adaptation.next === '<16.0.0-0').flatMap((adaptation) => adaptation.rename ?? []);
    const own = renamed.filter(({ from }) => from.includes('.segment-config.'));
    expect(own.map(({ from }) => from).sort()).toEqual(taggedRouteFiles()['segment-config']?.sort());
    for (const { from, to } of own) expect(to).toBe(from.replace('.segment-config.', '.'));
  });
});
