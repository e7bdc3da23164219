import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { CannotRun } from '../harness/failures';
import { runInNewContext } from 'node:vm';

/** A Google font an app loads with `next/font/google`, and the stylesheet URL Next asks for at build time. */
export interface GoogleFont {
  family: string;
  url: string;
}

const SOURCE = /\.[cm]?[jt]sx?$/;
const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : SOURCE.test(name) ? [path] : [];
  });

/** The object literal that starts at `from` (balanced braces), or '{}' when there is none. */
function objectAt(text: string, from: number): string {
  if (text[from] !== '{') return '{}';
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(from, i + 1);
  }
  return '{}';
}

/**
 * Every Google font the app's sources load, with the URL Next will ask for: the call's options as
 * written (a literal; anything else counts as no options), turned into the URL by the app's own
 * `next` (its validation and URL code), so the URL is the one its build fetches.
 */
export function googleFonts(root: string, dirs: readonly string[]): GoogleFont[] {
  // The app's next as Node resolves it from the app (a monorepo hoists it to its root).
  const nextRequire = createRequire(join(root, 'package.json'));
  const base = 'next/dist/compiled/@next/font/dist/google';
  const { validateGoogleFontFunctionCall } = nextRequire(`${base}/validate-google-font-function-call`);
  const { getFontAxes } = nextRequire(`${base}/get-font-axes`);
  const { getGoogleFontsUrl } = nextRequire(`${base}/get-google-fonts-url`);
  const fonts = new Map<string, GoogleFont>();
  for (const file of dirs.flatMap(sourcesUnder)) {
    const text = readFileSync(file, 'utf8');
    const imported = /import\s*\{([^}]+)\}\s*from\s*['"]next\/font\/google['"]/.exec(text);
    if (!imported) continue;
    for (const spec of imported[1]
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [functionName, local = functionName] = spec.split(/\s+as\s+/).map((part) => part.trim());
      for (const call of text.matchAll(new RegExp(`\\b${local}\\(\\s*`, 'g'))) {
        let options: unknown = {};
        try {
          // The limit only stops a literal that never ends evaluating: a loaded machine can take well over 100 ms over the others.
          options = runInNewContext(`(${objectAt(text, call.index! + call[0].length)})`, {}, { timeout: 5_000 });
        } catch {
          // Options built from variables: Next's defaults are the nearest guess.
        }
        let validated: { fontFamily: string; weights: string[]; styles: string[]; display: string; selectedVariableAxes?: string[] };
        try {
          validated = validateGoogleFontFunctionCall(functionName, options);
        } catch (error) {
          throw new CannotRun(
            'audited app',
            `${relative(root, file)} calls ${local}() from next/font/google with options faultline cannot read as written ` +
              `(${String((error as Error).message).split('\n')[0]}), so its font cannot be answered offline`,
          );
        }
        const { fontFamily, weights, styles, display, selectedVariableAxes } = validated;
        const url: string = getGoogleFontsUrl(fontFamily, getFontAxes(fontFamily, weights, styles, selectedVariableAxes), display);
        fonts.set(url, { family: fontFamily, url });
      }
    }
  }
  return [...fonts.values()];
}

/** The stylesheet faultline gives for a font: one face whose file a loopback server answers. */
function stylesheet(font: GoogleFont, fontServer: string): string {
  const file = `${fontServer}/${font.family.replace(/\W+/g, '-').toLowerCase()}.woff2`;
  return `/* latin */\n@font-face {\n  font-family: '${font.family}';\n  font-style: normal;\n  font-weight: 100 900;\n  font-display: swap;\n  src: url(${file}) format('woff2');\n}\n`;
}

/**
 * What a build of an app that loads Google fonts needs to run without the network: Next's
 * `NEXT_FONT_GOOGLE_MOCKED_RESPONSES` module (each stylesheet URL mapped to a stylesheet) written
 * to `moduleFile`, and a loopback server answering the font files those stylesheets name (Turbopack
 * fetches them). Call `stop` once the build ended.
 */
export async function offlineFonts(fonts: readonly GoogleFont[], moduleFile: string): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    // Any bytes do: Next copies the file into the build and never parses it.
    response.writeHead(200, { 'content-type': 'font/woff2' }).end(Buffer.from('wOF2faultline-substitute'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const responses = Object.fromEntries(fonts.map((font) => [font.url, stylesheet(font, `http://127.0.0.1:${port}`)]));
  writeFileSync(moduleFile, `module.exports = ${JSON.stringify(responses, null, 2)};\n`);
  return { env: { NEXT_FONT_GOOGLE_MOCKED_RESPONSES: moduleFile }, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
