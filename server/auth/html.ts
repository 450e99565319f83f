import { BRAND } from '../../src/lib/brand.ts';

// Small server-rendered pages (the one-time-password page, the outbox). The console's CSP
// allows no inline script, so these are plain HTML forms and links; inline style is allowed.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Escapes text and turns http(s) addresses in it into links (nothing else becomes markup). */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index;
    out += escapeHtml(text.slice(last, start)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

const STYLE = `
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; background: #f4f7f7; color: #1d2a2a; }
main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
main.wide { max-width: 60rem; }
h1 { font-size: 1.4rem; margin-top: 0; color: #00695c; }
label { display: block; font-weight: 600; margin: 1rem 0 .3rem; }
input { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .6rem; border: 1px solid #9bb; border-radius: 6px; }
button { margin-top: 1.2rem; width: 100%; padding: .7rem; font-size: 1rem; font-weight: 600; color: #fff; background: #00897b; border: 0; border-radius: 6px; cursor: pointer; }
.error { color: #b00020; background: #fdecee; padding: .6rem; border-radius: 6px; }
a { color: #00695c; }
pre { white-space: pre-wrap; word-break: break-word; background: #f4f7f7; padding: .6rem; border-radius: 6px; }
.meta { color: #566; font-size: .9rem; }
`;

export function htmlPage(title: string, body: string, wide = false): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · ${escapeHtml(BRAND.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main${wide ? ' class="wide"' : ''}>
${body}
</main>
</body>
</html>
`;
}
