import { digestsInLog } from '../scenarios/golden';
import { existsSync, readFileSync, statSync } from 'node:fs';

/** Reads the app server's output; checks look only at the slice written since a mark. */
export class ServerLog {
  constructor(readonly file: string) {}

  mark(): number {
    return existsSync(this.file) ? statSync(this.file).size : 0;
  }

  since(mark: number): string {
    return existsSync(this.file) ? readFileSync(this.file).subarray(mark).toString('utf8') : '';
  }
}

/**
 * A server log cut into what it prints, each a block: a line with what follows it as Node's inspect
 * prints one error (its stack and properties indented by two or more, its closing bracket). A line
 * that starts anew ends the block before it: not every error Next prints starts with `⨯` (a
 * regeneration's, the proxy's), and what the app prints between two errors is neither's.
 */
export function errorBlocks(log: string): string[] {
  return log.split(/\n(?!\s\s|\s*[}\])])(?=.)/);
}

/** The first line of what a server printed last (of an error, its message; its stack and properties are indented under it). */
export function lastError(log: string): string | undefined {
  return errorBlocks(log.trimEnd())
    .filter((block) => block.trim() !== '')
    .at(-1)
    ?.split('\n')[0];
}

/** The error block that carries `digest`, as the production server prints it (`⨯ Error: message`, its `digest: '123'`), without its stack frames. */
export function linesWithDigest(log: string, digest: string): string[] {
  const block = errorBlocks(log).find((text) => digestsInLog(text).includes(digest));
  return block === undefined ? [] : block.split('\n').filter((line) => !/^\s+at /.test(line));
}
