// Shared by the web and the API: the languages, their own names and Intl tags, and Accept-Language
// negotiation. No Lingui here. Catalogues are loaded by ./web.ts (the browser, per chunk) and ./node.ts
// (the API, all at start).
export const LOCALES = ['it', 'de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'it';
/** Each language's own name, for the switcher: a German reads "Deutsch" whatever the page's language. */
export const LOCALE_NAMES: Record<Locale, string> = { it: 'Italiano', de: 'Deutsch', en: 'English' };
/** The BCP 47 tag Intl formats with: English is British English (26/11/2026, €20.00). */
export const INTL_LOCALE: Record<Locale, string> = { it: 'it-IT', de: 'de-DE', en: 'en-GB' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The best of our languages for an Accept-Language header (`de-CH,de;q=0.9,en;q=0.8` → de); Italian when none fits. */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: quality ? Number(quality.slice(2)) : 1, index };
    })
    // A malformed q (NaN) counts as refused, like q=0.
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
