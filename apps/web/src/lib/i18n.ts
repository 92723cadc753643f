// The page's language (docs/i18n.md#addresses-and-the-language-of-a-page): the prefix of its address
// (/de/…, /en/…; none is Italian), the parts of its catalogue that the screens on show need, and the
// back-office's own instance, always Italian. The other languages' catalogues are never downloaded.
import { DEFAULT_LOCALE, isLocale, loadParts, type Locale, type Part } from '@beach/i18n/web';
import { i18n, setupI18n } from '@lingui/core';
import { paths } from '../config/paths';
import { localeCookie } from './locale-cookie';

/** Where the switcher keeps a visitor's choice (read before the first paint by index.html's script too). */
export const LOCALE_STORAGE_KEY = 'beach:locale';
const PREFIX = /^\/(de|en)(?=\/|$)/;

/** The language an address names by its prefix, null for an address without one. */
export const prefixLocaleOf = (pathname: string): Locale | null => (PREFIX.exec(pathname)?.[1] as Locale | undefined) ?? null;

/** The staff's and the coaches' screens: only under /, always Italian. */
export const isBackOfficePath = (pathname: string) =>
  [paths.admin.dashboard, paths.coach.sessions].some((root) => pathname === root || pathname.startsWith(`${root}/`));

/** The same address in `locale`: /de/prenotazioni → /en/prenotazioni, / → /de/, /de/ → /. The back-office keeps its one address. */
export function pathIn(locale: Locale, pathname: string): string {
  const unprefixed = pathname.replace(PREFIX, '') || '/';
  return locale === DEFAULT_LOCALE || isBackOfficePath(unprefixed) ? unprefixed : `/${locale}${unprefixed}`;
}

/** An address of config/paths.ts (with its query or hash) in `locale`: '/#pricing' → '/de/#pricing'. */
export function localizedTo(locale: Locale, to: string): string {
  const cut = to.search(/[?#]/);
  return cut === -1 ? pathIn(locale, to) : pathIn(locale, to.slice(0, cut)) + to.slice(cut);
}

export function storedLocale(): Locale | null {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The language the visitor is in: the last prefixed address's, or the switcher's choice. An address without
 * a prefix (a link not yet localized, a guard's redirect) opened while it is German or English moves to
 * that language's address, so the visitor stays in the language chosen.
 */
let visitorLocale: Locale = DEFAULT_LOCALE;
/** The switcher's choice until the address in that language is shown. */
let chosen: Locale | null = null;

/** The page's language when the app starts at `pathname`. */
export function startingLocale(pathname: string): Locale {
  chosen = null;
  const stored = storedLocale();
  // A choice stored before the server read it from a cookie gets its cookie too.
  if (stored) document.cookie = localeCookie(stored);
  visitorLocale = prefixLocaleOf(pathname) ?? stored ?? DEFAULT_LOCALE;
  return visitorLocale;
}

/**
 * What the layout shows at `pathname`: the page's language, or the address to move to first. Called while
 * rendering; it only remembers the language of the address, so rendering it twice changes nothing.
 */
export function languageOfAddress(pathname: string): { locale: Locale; redirect: string | null } {
  const prefixed = prefixLocaleOf(pathname);
  // The page left after a choice may render once more before the move (a screen's code arriving): its
  // prefix must not take the choice back, or the address in the chosen language would be sent back to it.
  if (chosen !== null) {
    if ((prefixed ?? DEFAULT_LOCALE) !== chosen) return { locale: chosen, redirect: null };
    chosen = null;
  }
  if (prefixed) visitorLocale = prefixed;
  else if (!isBackOfficePath(pathname) && visitorLocale !== DEFAULT_LOCALE) return { locale: visitorLocale, redirect: pathIn(visitorLocale, pathname) };
  return { locale: visitorLocale, redirect: null };
}

/** The switcher's choice, kept for the next visit: called before moving to the address in that language. */
export function chooseLocale(locale: Locale) {
  visitorLocale = locale;
  chosen = locale;
  keepChoice(locale);
}

/** The choice in the storage (the app's and the shell's script) and in a cookie (the server's, for the home page). */
function keepChoice(locale: Locale) {
  document.cookie = localeCookie(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the cookie keeps the choice for the home page, the app's state for this visit.
  }
}

/** The parts of the catalogue the screens opened so far need: a switch loads them all in the new language. */
const partsInUse = new Set<Part>(['shell']);
let requestedLocale: Locale | null = null;

/** The page in `locale`: every part in use loaded first, then one switch (one re-render). A later request wins. */
export async function switchLocale(locale: Locale): Promise<void> {
  requestedLocale = locale;
  await loadParts(i18n, locale, [...partsInUse]);
  if (requestedLocale === locale && i18n.locale !== locale) i18n.activate(locale);
}

/** What a public or member screen needs besides the shell: the price and court labels, its own words, the contracts'. */
export const SCREEN_PARTS: readonly Part[] = ['home', 'member', 'contracts'];

/** Loads `parts` of the page's language, and remembers them for a switch. */
export function loadPartsInUse(parts: readonly Part[]): Promise<void> {
  parts.forEach((part) => partsInUse.add(part));
  return loadParts(i18n, (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE) as Locale, parts);
}

/** The back-office screens' instance: Italian whatever the page's language (the header around them follows the page). */
export const backOfficeI18n = setupI18n();
export async function startBackOffice(): Promise<void> {
  await loadParts(backOfficeI18n, 'it', ['shell', 'home', 'member', 'contracts', 'backoffice']);
  if (backOfficeI18n.locale !== 'it') backOfficeI18n.activate('it');
}

/** The language the API answers in: the page's, and Italian for the back-office's calls. */
export function apiLocale(): Locale {
  if (typeof window !== 'undefined' && isBackOfficePath(window.location.pathname)) return DEFAULT_LOCALE;
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

if (typeof document !== 'undefined') {
  // <html lang> follows the page: screen readers pronounce, and browsers hyphenate and translate, by it.
  i18n.on('change', () => {
    document.documentElement.lang = i18n.locale;
  });
  // A message shown before its part is loaded falls back to its Italian in development and to its id in
  // production: say it (the unit tests' setup makes it a failure).
  if (import.meta.env.DEV) i18n.on('missing', ({ id, locale }) => console.error(`i18n: "${id}" is not in the ${locale} catalogue parts loaded`));
}
