import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error';

/** Node's parseArgs, its errors as one line each (its "ambiguous" message runs over three). */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const message = (error as Error).message;
    const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(message);
    if (ambiguous) {
      const option = ambiguous[1];
      throw new UsageError(`${option} needs a value, and the next argument is another option; to give a value that starts with a dash, write ${option}=-value`);
    }
    throw new UsageError(message.split('\n')[0]);
  }
}
