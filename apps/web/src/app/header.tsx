import type { TUser } from '@beach/contracts';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { backOfficeMenu, PROFILE_LINKS, PUBLIC_LINKS, type MenuLink } from './menu';
import { paths } from '../config/paths';
import { useLogout } from '../features/auth/api/use-logout';
import { initialsOf } from '../lib/format';
import { isStaffOrAdmin, useCurrentUser } from '../lib/session';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { buttonClasses } from '../components/ui/button';
import { Dropdown, dropdownItemClasses } from './dropdown';

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

const ROLE_TONES: Record<TUser['role'], BadgeTone> = { user: 'sea', staff: 'purple', admin: 'red' };

function Avatar({ user }: { user: TUser }) {
  return (
    // The initials are drawn, not written: the profile button's name ("Menu profilo di Anna") then holds
    // all of its visible text, as speech-input users expect.
    <span aria-hidden="true" data-initials={initialsOf(user)} className="flex h-8 w-8 items-center justify-center rounded-full bg-sand-200 text-xs font-bold text-sea-900 before:content-[attr(data-initials)]" />
  );
}

function ProfileCard({ user }: { user: TUser }) {
  return (
    <div className="border-b border-slate-100 px-4 pb-3">
      <p className="font-semibold">
        {user.first_name} {user.last_name}
      </p>
      <p className="truncate text-sm text-slate-500">{user.email}</p>
      <p className="mt-1">
        <Badge tone={ROLE_TONES[user.role]}>{user.role_display_name}</Badge>
      </p>
    </div>
  );
}

const publicLinkClasses = 'rounded-lg px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 hover:text-white';

export function Header() {
  const user = useCurrentUser();
  const logout = useLogout();
  const backOffice = backOfficeMenu(user);
  // Open at one location only: following a link closes the mobile menu.
  const { key } = useLocation();
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === key;

  const menuLink = (link: MenuLink) => (
    <Link key={link.to} to={link.to} className={dropdownItemClasses}>
      {link.label}
    </Link>
  );

  return (
    <header className="sticky top-0 z-30 bg-sea-800 text-white shadow">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to={paths.home} className="flex items-center gap-2 font-bold tracking-tight">
          <Logo />
          <span>Adriatica Beach Arena</span>
        </Link>

        <nav aria-label="Principale" className="hidden flex-1 items-center gap-1 lg:flex">
          {PUBLIC_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={publicLinkClasses}>
              {link.label}
            </Link>
          ))}
          {backOffice.dashboard && (
            <NavLink to={backOffice.dashboard.to} end className={publicLinkClasses}>
              {backOffice.dashboard.label}
            </NavLink>
          )}
          {backOffice.groups.map((group) => (
            <Dropdown key={group.label} label={group.label} buttonClassName="text-white/90 hover:bg-white/10">
              {group.links.map(menuLink)}
            </Dropdown>
          ))}
        </nav>

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {!user ? (
            <Link to={paths.login} className={buttonClasses('secondary', 'sm')}>
              Area Utente
            </Link>
          ) : (
            <>
              <Dropdown align="right" buttonLabel={`Menu profilo di ${user.first_name}`} buttonClassName="text-white hover:bg-white/10" label={<><Avatar user={user} /><span>{user.first_name}</span></>}>
                <ProfileCard user={user} />
                {PROFILE_LINKS.map(menuLink)}
                <button type="button" onClick={logout} className={`${dropdownItemClasses} border-t border-slate-100 text-coral-600`}>
                  Esci
                </button>
              </Dropdown>
              {isStaffOrAdmin(user) && (
                <button type="button" onClick={logout} className="rounded-lg p-2 text-white/90 hover:bg-white/10" aria-label="Esci subito" title="Esci subito">
                  <LogOut className="h-5 w-5" />
                </button>
              )}
            </>
          )}
        </div>

        <button type="button" className="ml-auto rounded-lg p-2 hover:bg-white/10 lg:hidden" aria-expanded={mobileOpen} aria-controls="mobile-menu" onClick={() => setMobileOpenAt(mobileOpen ? null : key)}>
          <span className="sr-only">{mobileOpen ? 'Chiudi menu' : 'Apri menu'}</span>
          {mobileOpen ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
        </button>
      </div>

      <nav id="mobile-menu" aria-label="Menu mobile" hidden={!mobileOpen} className="border-t border-white/10 bg-white text-slate-800 lg:hidden">
        <div className="mx-auto max-w-7xl space-y-4 px-4 py-4">
          {user && (
            <div className="flex items-center gap-3">
              <Avatar user={user} />
              <ProfileCard user={user} />
            </div>
          )}
          <MobileSection title="Navigazione" links={PUBLIC_LINKS} />
          {backOffice.dashboard && <MobileSection title="Amministrazione" links={[backOffice.dashboard]} />}
          {backOffice.groups.map((group) => (
            <MobileSection key={group.label} title={group.label} links={group.links} />
          ))}
          {user ? (
            <>
              <MobileSection title="Il mio account" links={PROFILE_LINKS} />
              <button type="button" onClick={logout} className={buttonClasses('danger', 'sm')}>
                Esci
              </button>
            </>
          ) : (
            <Link to={paths.login} className={buttonClasses('primary', 'sm')}>
              Area Utente
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}

function MobileSection({ title, links }: { title: string; links: MenuLink[] }) {
  return (
    <div>
      <p className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
      <ul className="mt-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded-lg px-2 py-2 text-sm hover:bg-sea-50">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
