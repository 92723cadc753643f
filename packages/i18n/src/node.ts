// The API's side (errors, e-mails, calendar files, PDFs): every language loaded at start (a few KB each),
// one I18n per language, picked per request or per recipient. No global state, so concurrent requests
// in different languages each get their own. Imports name .js, as the API's own do: tsx and Vite resolve them
// to the .ts files, and every package that reaches this file through the API typechecks it as it is.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './index.js';
import { messages as contractsDe } from './locales/contracts/de.js';
import { messages as contractsEn } from './locales/contracts/en.js';
import { messages as contractsIt } from './locales/contracts/it.js';
import { messages as serverDe } from './locales/server/de.js';
import { messages as serverEn } from './locales/server/en.js';
import { messages as serverIt } from './locales/server/it.js';

const catalogues: Record<Locale, Messages> = {
  it: { ...contractsIt, ...serverIt },
  de: { ...contractsDe, ...serverDe },
  en: { ...contractsEn, ...serverEn },
};
const instances = Object.fromEntries(LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: catalogues[locale] } })])) as Record<Locale, I18n>;

/** The I18n of `locale` (a user's, a job's), Italian for anything else. */
export function i18nFor(locale: string | null | undefined): I18n {
  return instances[isLocale(locale) ? locale : DEFAULT_LOCALE];
}

export * from './index.js';
