import { describe, expect, it } from 'vitest';
import { startFaultline } from '../selftest/run-cli';

/** The CLI with its stdout's reader gone before it writes (`faultline list | true`, `| head -1` on a long run). */
async function withReaderGone(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const { output, exited } = startFaultline(args, { env: process.env, readerGone: true });
  return { code: await exited, stderr: output.stderr };
}

describe('a reader of faultline that goes away', () => {
  it.each([['list'], ['--help']])('is no failure of faultline: `faultline %s` ends as it would have, saying nothing', async (...args) => {
    expect(await withReaderGone(args)).toEqual({ code: 0, stderr: '' });
  });
});
