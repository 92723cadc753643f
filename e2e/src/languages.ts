// What the browser tests of the German and English pages look for: the Italian words that only Italian
// uses (read from the catalogues, so they follow every new message), and texts cut or overflowing
// their box (German words are long).
import { readdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

const LOCALES_DIR = new URL('../../packages/i18n/src/locales/', import.meta.url);

/** Each entry of a .po file: its msgid and msgstr, joined from their continuation lines. */
function entriesOf(file: URL): { id: string; text: string }[] {
  const entries: { id: string; text: string }[] = [];
  for (const block of readFileSync(file, 'utf8').split(/\n\n+/)) {
    const field = (name: string) => {
      const match = new RegExp(`^${name} ("(?:[^"\\\\]|\\\\.)*"(?:\\n"(?:[^"\\\\]|\\\\.)*")*)`, 'm').exec(block);
      return match ? match[1]!.split('\n').map((line) => JSON.parse(line) as string).join('') : null;
    };
    const id = field('msgid');
    const text = field('msgstr');
    if (id && text !== null) entries.push({ id, text });
  }
  return entries;
}

/** The words of a message's text: ICU arguments, plural branches' keywords and tags left out. */
const wordsOf = (message: string) =>
  message
    .replace(/<\/?\d+>/g, ' ')
    .replace(/\{\w+(, \w+,)?|[{}#]/g, ' ')
    .split(/[^\p{L}’']+/u)
    .map((word) => word.replace(/^['’]|['’]$/g, ''))
    .filter(Boolean);

/**
 * The Italian words of the parts' messages that no German or English translation uses (so not "Beach",
 * "Reception", "Cattolica"), four letters or more: none of them belongs on a German or English page.
 */
export function italianOnlyWords(parts: string[]): string[] {
  const italian = new Set<string>();
  const elsewhere = new Set<string>();
  for (const part of parts) {
    for (const entry of entriesOf(new URL(`${part}/it.po`, LOCALES_DIR))) for (const word of wordsOf(entry.text || entry.id)) italian.add(word.toLowerCase());
    for (const file of readdirSync(new URL(`${part}/`, LOCALES_DIR)).filter((name) => name.endsWith('.po') && name !== 'it.po')) {
      for (const entry of entriesOf(new URL(`${part}/${file}`, LOCALES_DIR))) for (const word of wordsOf(entry.text)) elsewhere.add(word.toLowerCase());
    }
  }
  return [...italian].filter((word) => word.length >= 4 && !elsewhere.has(word)).sort();
}

/**
 * The Italian-only `words` found in what `scope` shows or names: its visible text, the page's title, and
 * the accessible names and tooltips of its elements. `except` selects data from the database, written in
 * Italian by the centre (court names).
 */
export async function italianWordsIn(scope: Locator, words: string[], except?: string): Promise<string[]> {
  const texts = await scope.evaluate((root, skip) => {
    const names = [...root.querySelectorAll('[aria-label], [title], [alt], [placeholder]')]
      .filter((element) => !skip || !element.closest(skip))
      .flatMap((element) => ['aria-label', 'title', 'alt', 'placeholder'].map((name) => element.getAttribute(name) ?? ''));
    return [(root as HTMLElement).innerText, document.title, ...names];
  }, except ?? null);
  // Looked up in a set: a walked screen's thousands of words against some 1,300 (an array's search was ~6 ms a check).
  const wanted = new Set(words);
  const found = new Set<string>();
  // An e-mail address is an address, not words (sviluppo@…, utente@…).
  for (const text of texts) for (const word of text.replace(/\S+@\S+/g, ' ').split(/[^\p{L}’']+/u)) if (wanted.has(word.toLowerCase())) found.add(word);
  return [...found].sort();
}

/**
 * Texts cut or overflowing their box in `scope`: an element whose own text reaches past its padding box,
 * or that clips it (overflow hidden, ellipsis) while it is wider than the element; and any sideways scroll.
 */
export async function overflowingTexts(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > window.innerWidth) found.push(`the page scrolls sideways: ${pageWidth} px in ${window.innerWidth}`);
    for (const element of document.querySelector(selector)!.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('svg, .sr-only, [hidden]')) continue;
      const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
      if (!own.length) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      const range = document.createRange();
      const name = `${element.tagName.toLowerCase()} "${element.textContent!.trim().slice(0, 60)}"`;
      for (const node of own) {
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        const left = box.left + parseFloat(style.borderLeftWidth);
        const right = box.right - parseFloat(style.borderRightWidth);
        if (text.left < left - 1 || text.right > right + 1) {
          found.push(`${name}: text ${Math.round(text.left)}–${Math.round(text.right)} px, box ${Math.round(left)}–${Math.round(right)} px`);
        }
      }
      const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1) found.push(`${name}: cut, ${element.scrollWidth} px of text in ${element.clientWidth}`);
      // Out of its parent's box (a word wider than a flex item or a table cell), or cut by an ancestor that
      // clips. Not in a strip that scrolls sideways (the booking grid's days): there the rest is a swipe away.
      const parent = element.parentElement!.getBoundingClientRect();
      const scrolls = (ancestor: Element | null): boolean => !!ancestor && ancestor !== document.body && (['auto', 'scroll'].includes(getComputedStyle(ancestor).overflowX) || scrolls(ancestor.parentElement));
      if (!['absolute', 'fixed'].includes(style.position) && (box.left < parent.left - 1 || box.right > parent.right + 1) && !scrolls(element.parentElement)) {
        const span = (rect: DOMRect) => `${Math.round(rect.left)}–${Math.round(rect.right)} px`;
        found.push(`${name}: ${span(box)}, out of its parent's ${span(parent)}`);
      }
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        if (!['hidden', 'clip'].includes(getComputedStyle(ancestor).overflowX)) continue;
        const clip = ancestor.getBoundingClientRect();
        if (box.left < clip.left - 1 || box.right > clip.right + 1) {
          found.push(`${name}: cut by ${ancestor.tagName.toLowerCase()} at ${Math.round(clip.left)}–${Math.round(clip.right)} px`);
        }
        break;
      }
    }
    return [...new Set(found)];
  }, scope);
}
