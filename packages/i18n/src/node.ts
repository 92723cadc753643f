// The API's side (errors, e-mails, calendar files, PDFs): every language loaded at start (a few KB each),
// one I18n per language, picked per request or per recipient. No global state, so concurrent requests
// in different languages each get their own.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './index.ts';
import { messages as contractsDe } from './locales/contracts/de.ts';
import { messages as contractsEn } from './locales/contracts/en.ts';
import { messages as contractsIt } from './locales/contracts/it.ts';
import { messages as serverDe } from './locales/server/de.ts';
import { messages as serverEn } from './locales/server/en.ts';
import { messages as serverIt } from './locales/server/it.ts';

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

export * from './index.ts';
