/**
 * index.html's inline script (the language of an address without prefix) without its comments and indentation,
 * which are for the source's readers: 0.4 KB gzip less on every page, and each KB on the wire is about 5 ms of the
 * home page's first paint (bench/RESULTS.md). Only whole comment lines go: the script has no other `//`.
 */
export function withoutScriptComments(html: string): string {
  return html.replace(/<script>([\s\S]*?)<\/script>/, (_script, code: string) => `<script>${code.replace(/^\s*\/\/.*$/gm, '').replace(/\n\s+/g, '\n').trim()}</script>`);
}

/**
 * A page without index.html's inline script. On `/de/` and `/en/` it has nothing to do (the address says the
 * language: it returns at its first test), yet the parser would still stop to compile and run it before the
 * first paint.
 */
export function withoutLanguageScript(html: string): string {
  if (!/<script>[\s\S]*?<\/script>/.test(html)) throw new Error('the page has no inline language script');
  return html.replace(/<script>[\s\S]*?<\/script>/, '');
}
