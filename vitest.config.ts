import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const BROWSER_SDK_TESTS = 'unit/**/*.browser-sdk.test.{ts,tsx}';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['unit/**/*.test.{ts,tsx}'], exclude: [BROWSER_SDK_TESTS], environment: 'node' } },
      {
        extends: true,
        // What the browser bundle gets: the client build of @sentry/nextjs (Vitest resolves the Node build by default).
        resolve: { alias: { '@sentry/nextjs': join(import.meta.dirname, 'node_modules/@sentry/nextjs/build/esm/index.client.js') } },
        test: {
          name: 'browser-sdk',
          include: [BROWSER_SDK_TESTS],
          environment: 'jsdom',
          // Bundled like Next does, so its extensionless `next/router` imports resolve.
          server: { deps: { inline: ['@sentry/nextjs'] } },
        },
      },
    ],
  },
});
