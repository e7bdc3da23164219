import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../cli/failure';
import { googleFonts } from '../audit/fonts';

/** An app whose layout loads Geist with `options` as written, resolving this project's next. */
function appLoading(options: string): string {
  const root = mkdtempSync(join(tmpdir(), 'faultline-fonts-'));
  symlinkSync(join(import.meta.dirname, '..', 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), '{ "name": "fonts-app" }');
  mkdirSync(join(root, 'app'));
  // Spelled apart: `faultline audit .` reads this checkout's sources for such imports too.
  const module = ['next', 'font', 'google'].join('/');
  writeFileSync(join(root, 'app', 'layout.tsx'), `import { Geist } from '${module}';\n\nconst geist = Geist(${options});\n`);
  return root;
}

describe('the Google fonts an app loads, read from its sources', () => {
  it('turns a literal call into the URL its build fetches', () => {
    const root = appLoading("{ variable: '--font-geist-sans', subsets: ['latin'] }");
    expect(googleFonts(root, [join(root, 'app')])).toEqual([
      { family: 'Geist', url: expect.stringMatching(/^https:\/\/fonts\.googleapis\.com\/css2\?family=Geist:wght@100\.\.900&display=swap$/) },
    ]);
  });

  it('says in one line, naming the file, when the options cannot be read as written and Next refuses its defaults', () => {
    const root = appLoading('fontOptions');
    let failure: unknown;
    try {
      googleFonts(root, [join(root, 'app')]);
    } catch (error) {
      failure = error;
    }
    expect(describeFailure(failure).line).toBe(
      'the audited app: app/layout.tsx calls Geist() from next/font/google with options faultline cannot read as ' +
        'written (Preload is enabled but no subsets were specified for font `Geist`. Please specify subsets or disable ' +
        "preloading if your intended subset can't be preloaded.), so its font cannot be answered offline",
    );
  });
});
