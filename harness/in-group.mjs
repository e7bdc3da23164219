// Runs a command in a process group of its own, and ends the whole group (the command and every
// worker it started) when this process's stdin ends (the launcher is gone, even SIGKILLed) or when
// it is told to stop (SIGTERM, SIGINT). Exits with the command's code. Plain JavaScript: it starts
// before anything could compile TypeScript.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
let child;
const stop = () => {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
// Taken before the command starts: a SIGTERM between the two would end this process by default and
// leave the command running in its own group, holding the launcher's pipes, so the launcher would
// wait for them forever. A handler runs on the event loop, after the spawn below.
process.on('SIGTERM', stop).on('SIGINT', stop);
process.stdin.on('end', stop).resume();
child = spawn(command, args, { detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
