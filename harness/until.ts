/** Resolves once `holds()` is true; false when `timeoutMs` passed first. */
export async function until(holds: () => boolean, timeoutMs: number, everyMs = 20): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, everyMs));
  }
  return true;
}
