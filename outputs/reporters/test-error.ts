import { stripVTControlCharacters } from 'node:util';
import type { TestError } from '@playwright/test/reporter';

/** A test's error as Playwright hands it to a reporter, its terminal colours taken out. */
export const errorText = (error: TestError | undefined): string => stripVTControlCharacters(error?.message ?? error?.value ?? '');

/**
 * A test's error as a reporter says it: its first `count` non-blank lines (past them, Playwright's
 * diffs and stacks), or "failed" when it says nothing.
 */
export function errorLines(error: TestError | undefined, count: number): string {
  const lines = errorText(error)
    .split('\n')
    .filter((line) => line.trim() !== '');
  return lines.length > 0 ? lines.slice(0, count).join('\n') : 'failed';
}
