import { Trans, useLingui } from '@lingui/react/macro';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MOBILE_MORE_LINKS, PUBLIC_LINKS } from './menu';
import { paths } from '../config/paths';
import { localizedTo } from '../lib/i18n';
import { useCurrentUser } from '../lib/session';
import { buttonClasses } from '../components/ui/button';
import { LanguageSwitcher } from './language-switcher';
import { MobileSection } from './mobile-section';
import { useLocalizedLinks } from './use-localized-links';
import type { Locale } from '@beach/i18n';

// The signed-in parts come in a chunk of their own, once someone is signed in (./header-account.tsx).
const account = () => import('./header-account');
const BackOfficeNav = lazy(() => account().then((module) => ({ default: module.BackOfficeNav })));
const AccountMenu = lazy(() => account().then((module) => ({ default: module.AccountMenu })));
const MobileProfile = lazy(() => account().then((module) => ({ default: module.MobileProfile })));
const MobileAccountSections = lazy(() => account().then((module) => ({ default: module.MobileAccountSections })));

/**
 * The ball of public/favicon.svg, drawn inline: as an <img> the browser builds a separate SVG document for
 * it before the first paint (about 0.1 s of a throttled phone's main thread on the home page).
 */
function Logo() {
  return (
    <svg viewBox="0 0 64 64" width={28} height={28} aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="#facc15" />
      <path d="M32 2a30 30 0 0 1 0 60M4 26c16 4 40 4 56 0M4 40c16-4 40-4 56 0" fill="none" stroke="#0e7490" strokeWidth="4" />
    </svg>
  );
}

// The desktop menu from 1280 px: with the back-office menus and the language switcher, German and English labels need the room;
// below 1536 px the links are narrower, or the admin's menus (Tornei among them) overflow the 1280 px bar.
const publicLinkClasses = 'rounded-lg px-2 py-2 2xl:px-3 text-sm font-medium whitespace-nowrap text-white/90 hover:bg-white/10 hover:text-white';

export function Header() {
  const { i18n, t } = useLingui();
  const user = useCurrentUser();
  const publicLinks = useLocalizedLinks(PUBLIC_LINKS);
  const mobileLinks = [...publicLinks, ...useLocalizedLinks(MOBILE_MORE_LINKS)];
  const login = localizedTo(i18n.locale as Locale, paths.login);
  // Open at one location only: following a link closes the mobile menu.
  const { key } = useLocation();
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === key;

  return (
    <header className="sticky top-0 z-30 bg-sea-800 text-white shadow print:hidden">
      {/* Narrower gaps on a phone, where the centre's name, the languages and the menu button share the bar. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        <Link to={localizedTo(i18n.locale as Locale, paths.home)} className="flex items-center gap-2 font-bold tracking-tight">
          <Logo />
          {/* Beside the back-office's menus the desktop bar has no room for the name below 1536 px: the logo stays the link, named for screen readers. */}
          <span className={user && user.role !== 'user' ? 'xl:sr-only 2xl:not-sr-only' : undefined}>Adriatica Beach Arena</span>
        </Link>

        <nav aria-label={t`Principale`} className="hidden flex-1 items-center gap-1 xl:flex">
          {publicLinks.map((link) => (
            <Link key={link.to} to={link.to} className={publicLinkClasses}>
              {link.label}
            </Link>
          ))}
          {user && (
            <Suspense fallback={null}>
              <BackOfficeNav user={user} linkClassName={publicLinkClasses} />
            </Suspense>
          )}
        </nav>

        <LanguageSwitcher className="ml-auto" />

        <div className="hidden items-center gap-2 xl:flex">
          {!user ? (
            <Link to={login} className={buttonClasses('secondary', 'sm')}>
              <Trans>Area Utente</Trans>
            </Link>
          ) : (
            <Suspense fallback={null}>
              <AccountMenu user={user} />
            </Suspense>
          )}
        </div>

        <button type="button" className="rounded-lg p-2 hover:bg-white/10 xl:hidden" aria-expanded={mobileOpen} aria-controls="mobile-menu" onClick={() => setMobileOpenAt(mobileOpen ? null : key)}>
          <span className="sr-only">{mobileOpen ? t`Chiudi menu` : t`Apri menu`}</span>
          {mobileOpen ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
        </button>
      </div>

      <nav id="mobile-menu" aria-label={t`Menu mobile`} hidden={!mobileOpen} className="border-t border-white/10 bg-white text-slate-800 xl:hidden">
        <div className="mx-auto max-w-7xl space-y-4 px-4 py-4">
          {user && (
            <Suspense fallback={null}>
              <MobileProfile user={user} />
            </Suspense>
          )}
          <MobileSection title={t`Navigazione`} links={mobileLinks} />
          {user ? (
            <Suspense fallback={null}>
              <MobileAccountSections user={user} />
            </Suspense>
          ) : (
            <Link to={login} className={buttonClasses('primary', 'sm')}>
              <Trans>Area Utente</Trans>
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
