import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Setting, SourceSetup } from './judge';

/**
 * What an app's files say of its maps, read from their text as written (never run), each setting
 * with its line: where a finding's fix goes. Only literals are read; a setting written otherwise
 * is taken as unsaid.
 */

/** The app's config file, by name, and its text. */
export interface ConfigFile {
  name: string;
  text: string;
}

/** The first line of `text` that `pattern` matches, as a setting of `file` with the value `read` takes from it; null: none. */
function setting<T>(file: ConfigFile, pattern: RegExp, read: (match: RegExpExecArray) => T): Setting<T> | null {
  const lines = file.text.split('\n');
  for (const [at, line] of lines.entries()) {
    const match = pattern.exec(line);
    if (match) return { value: read(match), at: `${file.name}:${at + 1}` };
  }
  return null;
}

const flag = (name: string) => new RegExp(`\\b${name}\\s*:\\s*(true|false)\\b`);
const isTrue = (match: RegExpExecArray) => match[1] === 'true';

/**
 * The setup from the config's text and the app's env files' texts (`.env*`, where Sentry's wizard
 * writes the build's token into `.env.sentry-build-plugin`), for the bundler its build uses.
 */
export function sourceSetupOf(config: ConfigFile | null, bundler: SourceSetup['bundler'], envTexts: readonly string[] = []): SourceSetup {
  const plugin = config && setting(config, /^(?!\s*import\b).*\bwithSentryConfig\s*\(/, () => true);
  const token = envTexts.some((text) => /^\s*SENTRY_AUTH_TOKEN\s*=\s*\S/m.test(text));
  return {
    config: config?.name ?? null,
    bundler,
    productionBrowserSourceMaps: config && setting(config, flag('productionBrowserSourceMaps'), isTrue),
    serverMinification: config && setting(config, flag('serverMinification'), isTrue),
    sentry:
      config && plugin
        ? {
            at: plugin.at,
            disable: setting(
              config,
              /\bsourcemaps\s*:\s*\{[^}]*\bdisable\s*:\s*(true|false)\b|^\s*disable\s*:\s*(true|false)\b/,
              (match) => (match[1] ?? match[2]) === 'true',
            ),
            deleteSourcemapsAfterUpload: setting(config, flag('deleteSourcemapsAfterUpload'), isTrue),
            authToken: token || /\bauthToken\s*:/.test(config.text),
            annotation: setting(config, /\b(?:turbopackR|r)eactComponentAnnotation\s*:\s*(?:\{|true\b)/, () => true),
          }
        : null,
  };
}

/** The env files a production build reads: Next's (`.env`, `.env.production`, their `.local`) and the one Sentry's plugin reads its token from. */
const BUILD_ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local', '.env.sentry-build-plugin'];

/** The setup as the app's folder `dir` holds it: its config file (`configFile`, none for null) and the env files its build reads. */
export function sourceSetupIn(dir: string, configFile: string | null, bundler: SourceSetup['bundler']): SourceSetup {
  const config = configFile && existsSync(join(dir, configFile)) ? { name: configFile, text: readFileSync(join(dir, configFile), 'utf8') } : null;
  const envTexts = readdirSync(dir)
    .filter((name) => BUILD_ENV_FILES.includes(name))
    .flatMap((name) => {
      try {
        return [readFileSync(join(dir, name), 'utf8')];
      } catch {
        return [];
      }
    });
  return sourceSetupOf(config, bundler, envTexts);
}
