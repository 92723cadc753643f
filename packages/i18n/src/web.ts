// The web's loader: one part of one language's catalogue per chunk (Vite's import.meta.glob), so a page
// downloads only its language and only the parts its screens need. The brace list keeps the API's
// `server` part out of the web build.
import type { I18n, Messages } from '@lingui/core';
import type { Locale } from './index.ts';

export type Part = 'shell' | 'home' | 'member' | 'contracts' | 'backoffice';
const modules = import.meta.glob<{ messages: Messages }>('./locales/{shell,home,member,contracts,backoffice}/*.ts');
/**
 * What each I18n instance holds already. Per instance: the back-office's Italian instance must not skip a
 * part because the page's instance loaded it.
 */
const loaded = new WeakMap<I18n, Set<string>>();

/** Loads `parts` of `locale`'s catalogue into `i18n` (merged with what it holds), each once. The back-office part exists in Italian only. */
export async function loadParts(i18n: I18n, locale: Locale, parts: readonly Part[]): Promise<void> {
  const held = loaded.get(i18n) ?? new Set<string>();
  loaded.set(i18n, held);
  const wanted = parts.filter((part) => !held.has(`${part}/${locale}`));
  const catalogues = await Promise.all(
    wanted.map((part) => {
      const load = modules[`./locales/${part}/${part === 'backoffice' ? 'it' : locale}.ts`];
      if (!load) throw new Error(`No ${part} catalogue for ${locale}: run pnpm --filter @beach/i18n build`);
      return load();
    }),
  );
  wanted.forEach((part, index) => {
    i18n.load(locale, catalogues[index]!.messages);
    held.add(`${part}/${locale}`);
  });
}

/** `locale` active in `i18n` with the parts the first paint needs: call before rendering. */
export async function activateWeb(i18n: I18n, locale: Locale, parts: readonly Part[] = ['shell']): Promise<void> {
  await loadParts(i18n, locale, parts);
  i18n.activate(locale);
}

export * from './index.ts';
