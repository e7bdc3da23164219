/**
 * Ends this server when the process that started it is gone, even one killed with SIGKILL that
 * could not stop it: the system closes the launcher's end of the stdin pipe, and stdin ends.
 */
export function exitWithLauncher(how: 'exit' | 'SIGINT' = 'exit'): void {
  // A Playwright runner winds down on SIGINT (it stops its workers, which close their browsers;
  // SIGTERM would end it at once and orphan them); a server can simply exit.
  process.stdin.once('end', () => (how === 'exit' ? process.exit(0) : process.kill(process.pid, 'SIGINT')));
  process.stdin.resume();
}
