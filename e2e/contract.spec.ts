import { digestLine, fallbackSentence } from '../app/_fallback/sentence';
import { expect, test } from '@playwright/test';

// The one place the classic wording is written out: every other check builds it with
// fallbackSentence(), so this golden copy is what catches a changed character.
test('the fallback sentences are the classic Next.js 15.2–16.1 wording', () => {
  expect(fallbackSentence('server', 'example.com')).toBe(
    'Application error: a server-side exception has occurred while loading example.com (see the server logs for more information).',
  );
  expect(fallbackSentence('client', 'example.com')).toBe(
    'Application error: a client-side exception has occurred while loading example.com (see the browser console for more information).',
  );
  expect(digestLine('123')).toBe('Digest: 123');
});
