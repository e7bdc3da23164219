import { escapeMarkup } from './grid';

/**
 * The page every HTML output of faultline is (the audit's report, its matrix over versions, the
 * run matrix): one self-contained document a team can attach anywhere, with no script and no
 * request; one look, each page adding the rules of what only it shows.
 */

const LOOK = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 80rem; padding: 0 1rem; color: #1b1f24; background: #fff; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; } h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
code { font-family: ui-monospace, monospace; }
table { border-collapse: collapse; } th, td { border: 1px solid #d0d7de; text-align: left; } th { background: #f6f8fa; font-weight: 600; }
pre { background: #f6f8fa; padding: .6rem; white-space: pre-wrap; margin: .25rem 0; }
figure { display: inline-block; margin: 0 1rem 1rem 0; vertical-align: top; } figure img { width: 440px; border: 1px solid #d0d7de; }
figcaption { max-width: 440px; font-size: 12px; color: #57606a; }`;

/** The document: `title` (text, escaped here), the page's own `style` after the shared look, and its `body` (markup) in its main landmark. */
export function htmlPage({ title, style, body }: { title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeMarkup(title)}</title><style>${LOOK}
${style.trim()}
</style></head>
<body>
<main>
${body.trim()}
</main>
</body>
</html>
`;
}
