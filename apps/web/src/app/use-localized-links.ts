import { useLingui } from '@lingui/react';
import { localizedTo } from '../lib/i18n';
import type { TranslatedLink } from './menu';
import type { Locale } from '@beach/i18n';

/** Menu links in the page's language: labels translated, addresses under its prefix (/de/#pricing). */
export function useLocalizedLinks(links: TranslatedLink[]): { label: string; to: string }[] {
  const { i18n } = useLingui();
  return links.map((link) => ({ label: i18n._(link.label), to: localizedTo(i18n.locale as Locale, link.to) }));
}
