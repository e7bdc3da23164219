const ORIGIN = 'http://faultline.invalid';

/**
 * The one path rule for everything faultline loads on the app (catalogue paths, `repro --path`):
 * an absolute path on the app's own origin, without query, fragment or backslash. `//host/x` and
 * `/\host/x` start with a slash too, but a browser resolves them to another origin: the check (and
 * its marker header) would go there. Null when `path` follows it, else what is wrong.
 */
export function pathProblem(path: string): string | null {
  if (!/^\/[^\s?#\\]*$/.test(path)) return 'must be an absolute path without query, fragment, space or backslash';
  if (path.startsWith('//') || new URL(path, ORIGIN).origin !== ORIGIN) return "must stay on the app's origin (no //host)";
  return null;
}
