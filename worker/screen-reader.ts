import type { Page } from '@playwright/test';
import { readScreenInPage, type ScreenRead, type ScreenSpec } from '../chromium/screen';
import { DIGEST_LINE_PREFIX, FALLBACK_HEADING_START, NEXT_ERROR_DOCUMENT_ID } from '../scenarios/golden';
import { evaluateInPage } from './in-page';

/**
 * The worker's side of the one screen reader (`chromium/screen.ts`): what it looks for, in
 * the words of the checking side's golden copy, for the run's driver, its probe and the audit's.
 */

/** What the reader looks for: any fallback, Next's error document, and `sees` (the text an entry expects; null: none). */
export function screenSpec(sees: string | null = null): ScreenSpec {
  return { headingStart: FALLBACK_HEADING_START, digestLinePrefix: DIGEST_LINE_PREFIX, errorDocumentId: NEXT_ERROR_DOCUMENT_ID, sees };
}

/** Reads the screen now, in one call into the page. */
export function readScreen(page: Page, sees: string | null = null): Promise<ScreenRead> {
  return evaluateInPage(page, readScreenInPage, screenSpec(sees));
}
