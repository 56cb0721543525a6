// Names shared by the build (scripts/build/prerender-plugin.ts) and the server's landing route.
import { resolve } from 'node:path';

/** Prerendered landing page without data, next to index.html in the build. */
export const LANDING_FILE = 'landing.html';
/** The landing page's server renderer, `render(url, data?)`, in ssrDirFor(<build>). */
export const SSR_FILE = 'landing.mjs';

/**
 * Where the build puts code for the server only: a sibling of the static root (`dist` →
 * `dist-ssr`), never inside it, so no spelling of a URL (`//ssr/…`, `/x/../ssr/…`, encodings)
 * can make the static file server hand it out. scripts/start.mjs repeats this rule.
 */
export function ssrDirFor(staticDir: string): string {
  return `${resolve(staticDir)}-ssr`;
}
export const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * `text` with its first `search` replaced by `replacement`, taken literally. Pages are put
 * together with this, never with `String.prototype.replace(string, string)`: that one expands
 * `$&`, `$\``, `$'` and `$$` in the replacement, so user text (a dog's name or photo URL) could
 * copy the page into itself.
 */
export function replaceFirstLiteral(text: string, search: string, replacement: string): string {
  const at = text.indexOf(search);
  if (at === -1) return text;
  return text.slice(0, at) + replacement + text.slice(at + search.length);
}

/**
 * Drops the inline scripts the router writes when rendering on the server (scroll restoration):
 * the browser app does not need them, and the CSP (script-src 'self') would refuse them.
 */
export function withoutInlineScripts(html: string): string {
  return html.replace(
    /<script\b(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g,
    '',
  );
}

/**
 * The app's scripts at low priority, for a page whose content is already in its HTML: the
 * stylesheet, the hero image and the dog photos come first, the code that makes it interactive
 * right after.
 */
export function withLowPriorityScripts(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}

/**
 * Moves the resource hints React writes at the start of a server render (e.g. the preload of an
 * image with fetchPriority="high") into <head>, where they belong and where hydration does not
 * trip over them.
 */
export function hoistResourceHints(
  document: string,
  root: string,
): { document: string; root: string } {
  const hints: string[] = [];
  const rest = root.replace(/^(?:<link\b[^>]*\/?>)+/, (links) => {
    hints.push(links);
    return '';
  });
  if (hints.length === 0 || !document.includes('</head>')) return { document, root };
  return {
    document: replaceFirstLiteral(document, '</head>', `${hints.join('')}</head>`),
    root: rest,
  };
}
