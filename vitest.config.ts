import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['unit/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
