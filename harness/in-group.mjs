// Runs a command in a process group of its own, and ends the whole group (the command and every
// worker it started) when this process's stdin ends (the launcher is gone, even SIGKILLed) or when
// it is told to stop (SIGTERM, SIGINT). Exits with the command's code. Plain JavaScript: it starts
// before anything could compile TypeScript.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
const stop = () => {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
process.stdin.on('end', stop).resume();
process.on('SIGTERM', stop).on('SIGINT', stop);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
