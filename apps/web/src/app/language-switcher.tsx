// The header's language switcher (docs/i18n.md#addresses-and-the-language-of-a-page): IT · DE · EN, each
// named in its own language. Links, not buttons: each is the same address in that language, which a
// search engine and a shared link can follow too. A signed-in member's choice is kept on the account too.
import type { Locale } from '@beach/i18n';
import { LOCALE_NAMES, LOCALES } from '@beach/i18n';
import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Link, useLocation } from 'react-router-dom';
import { chooseLocale, pathIn } from '../lib/i18n';
import { session } from '../lib/session';

/** The choice, for this browser and, signed in, for the account (loaded then only: the first paint has no byte to spare). */
function choose(locale: Locale) {
  chooseLocale(locale);
  if (!session.get()) return;
  // Not saved (offline, an expired session): this browser keeps the choice all the same.
  void import('../features/auth/api/account-locale').then(({ saveAccountLocale }) => saveAccountLocale(locale)).catch(() => undefined);
}

export function LanguageSwitcher({ className }: { className?: string }) {
  const { i18n, t } = useLingui();
  const { pathname, search, hash } = useLocation();
  return (
    <nav aria-label={t`Lingua`} className={className}>
      <ul className="flex items-center text-xs font-semibold">
        {LOCALES.map((locale, index) => {
          const current = locale === i18n.locale;
          return (
            <li key={locale} className="flex items-center">
              {index > 0 && <span aria-hidden="true" className="text-white/60">·</span>}
              <Link
                to={pathIn(locale, pathname) + search + hash}
                // The switch replaces the page in history: Back leads to the page before, not to the same one in the other language.
                replace
                // A click that opens a new tab (a modifier, the middle button) leaves this page's language as it is.
                onClick={(event) => event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) && choose(locale)}
                lang={locale}
                hrefLang={locale}
                title={LOCALE_NAMES[locale]}
                aria-current={current ? 'true' : undefined}
                className={clsx(
                  'flex h-8 min-w-8 items-center justify-center rounded-md px-1.5 focus-visible:outline-2 focus-visible:outline-white',
                  current ? 'bg-white/15 text-white underline decoration-2 underline-offset-4' : 'text-white/90 hover:bg-white/10 hover:text-white',
                )}
              >
                {/* Named "DE Deutsch": the visible code first, as speech input users say it, then the language in its own words. */}
                {locale.toUpperCase()}
                <span className="sr-only"> {LOCALE_NAMES[locale]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
