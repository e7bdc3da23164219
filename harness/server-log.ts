import { digestsInLog } from '../verdict/golden';
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
 * The error blocks (from `⨯ ` to the closing brace) that carry `digest`, as the production
 * server prints them: `⨯ Error: message`, the stack, then `digest: '123'`.
 */
export function linesWithDigest(log: string, digest: string): string[] {
  const lines = log.split('\n');
  const hit = lines.findIndex((line) => digestsInLog(line).includes(digest));
  if (hit === -1) return [];
  let start = hit;
  while (start > 0 && !lines[start].startsWith('⨯ ')) start--;
  let end = hit;
  while (end < lines.length - 1 && lines[end] !== '}') end++;
  return lines.slice(start, end + 1).filter((line) => !/^\s+at /.test(line));
}
