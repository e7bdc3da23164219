import { describe, expect, it } from 'vitest';
import { errorLines, errorText } from '../outputs/reporters/test-error';

// Playwright's expect message as a reporter receives it: coloured, with blank lines between its parts.
const coloured = {
  message: '\u001b[31mError: expect(received).toBe(expected)\u001b[39m\n\n\u001b[2mExpected: \u001b[22m400\nReceived: 200\n    at spec.ts:3:1',
};

describe("a test's error as a reporter says it", () => {
  it('is its first non-blank lines without the terminal colours', () => {
    expect(errorLines(coloured, 1)).toBe('Error: expect(received).toBe(expected)');
    expect(errorLines(coloured, 3)).toBe('Error: expect(received).toBe(expected)\nExpected: 400\nReceived: 200');
  });

  it("is its value when it has no message, and 'failed' when it has neither", () => {
    expect(errorLines({ value: 'a thrown string' }, 1)).toBe('a thrown string');
    expect(errorLines(undefined, 1)).toBe('failed');
    expect(errorLines({ message: '\n \n' }, 1)).toBe('failed');
  });

  it('is read whole without colours, to find a deviation in it', () => {
    expect(errorText(coloured)).toContain('Expected: 400\nReceived: 200');
  });
});
