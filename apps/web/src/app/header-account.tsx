// The signed-in parts of the header (docs/screens.md#header): the back-office's menus, the profile menu, the
// quick logout and their mobile sections. A chunk of their own, loaded once someone is signed in: most
// visitors of the home page are not, and its first paint does not wait for them.
import type { TUser } from '@beach/contracts';
import { useLingui } from '@lingui/react/macro';
import LogOut from 'lucide-react/icons/log-out';
import { Link, NavLink } from 'react-router-dom';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { buttonClasses } from '../components/ui/button';
import { useLogout } from '../features/auth/api/use-logout';
import { initialsOf } from '../lib/format';
import { isStaffOrAdmin } from '../lib/session';
import { BACK_OFFICE_TITLE, backOfficeMenu } from './back-office-menu';
import { Dropdown, dropdownItemClasses } from './dropdown';
import { PROFILE_LINKS, type MenuLink } from './menu';
import { MobileSection } from './mobile-section';
import { useLocalizedLinks } from './use-localized-links';

const ROLE_TONES: Record<TUser['role'], BadgeTone> = { user: 'sea', coach: 'green', staff: 'purple', admin: 'red' };

function Avatar({ user }: { user: TUser }) {
  return (
    // The initials are drawn, not written: the profile button's name ("Menu profilo di Anna") then holds
    // all of its visible text, as speech-input users expect.
    <span aria-hidden="true" data-initials={initialsOf(user)} className="flex h-8 w-8 items-center justify-center rounded-full bg-sand-200 text-xs font-bold text-sea-900 before:content-[attr(data-initials)]" />
  );
}

function RoleBadge({ user }: { user: TUser }) {
  const { t } = useLingui();
  // The API names the role in Italian (role_display_name); the page names it in its own language.
  const names: Record<TUser['role'], string> = { user: t`Utente`, coach: t`Allenatore`, staff: t`Staff`, admin: t`Admin` };
  return <Badge tone={ROLE_TONES[user.role]}>{names[user.role]}</Badge>;
}

function ProfileCard({ user }: { user: TUser }) {
  return (
    <div className="border-b border-slate-100 px-4 pb-3">
      <p className="font-semibold">
        {user.first_name} {user.last_name}
      </p>
      <p className="truncate text-sm text-slate-500">{user.email}</p>
      <p className="mt-1">
        <RoleBadge user={user} />
      </p>
    </div>
  );
}

const menuLink = (link: MenuLink) => (
  <Link key={link.to} to={link.to} className={dropdownItemClasses}>
    {link.label}
  </Link>
);

/** The desktop bar's back-office items: the dashboard and the staff's menus. */
export function BackOfficeNav({ user, linkClassName }: { user: TUser; linkClassName: string }) {
  const backOffice = backOfficeMenu(user);
  return (
    <>
      {backOffice.dashboard && (
        <NavLink to={backOffice.dashboard.to} end className={linkClassName}>
          {backOffice.dashboard.label}
        </NavLink>
      )}
      {backOffice.groups.map((group) => (
        <Dropdown key={group.label} label={group.label} buttonClassName="text-white/90 hover:bg-white/10">
          {group.links.map(menuLink)}
        </Dropdown>
      ))}
    </>
  );
}

/** The desktop bar's profile menu, and the staff's quick logout. */
export function AccountMenu({ user }: { user: TUser }) {
  const { t } = useLingui();
  const logout = useLogout();
  const profileLinks = useLocalizedLinks(PROFILE_LINKS);
  const name = user.first_name;
  return (
    <>
      <Dropdown align="right" buttonLabel={t`Menu profilo di ${name}`} buttonClassName="text-white hover:bg-white/10" label={<><Avatar user={user} /><span>{user.first_name}</span></>}>
        <ProfileCard user={user} />
        {profileLinks.map(menuLink)}
        <button type="button" onClick={logout} className={`${dropdownItemClasses} border-t border-slate-100 text-coral-600`}>
          {t`Esci`}
        </button>
      </Dropdown>
      {isStaffOrAdmin(user) && (
        <button type="button" onClick={logout} className="rounded-lg p-2 text-white/90 hover:bg-white/10" aria-label={t`Esci subito`} title={t`Esci subito`}>
          <LogOut className="h-5 w-5" />
        </button>
      )}
    </>
  );
}

/** The mobile menu's card of who is signed in, above its links. */
export function MobileProfile({ user }: { user: TUser }) {
  return (
    <div className="flex items-center gap-3">
      <Avatar user={user} />
      <ProfileCard user={user} />
    </div>
  );
}

/** The mobile menu's back-office sections, the account's links and the logout. */
export function MobileAccountSections({ user }: { user: TUser }) {
  const { t } = useLingui();
  const logout = useLogout();
  const backOffice = backOfficeMenu(user);
  const profileLinks = useLocalizedLinks(PROFILE_LINKS);
  return (
    <>
      {backOffice.dashboard && <MobileSection title={BACK_OFFICE_TITLE} links={[backOffice.dashboard]} />}
      {backOffice.groups.map((group) => (
        <MobileSection key={group.label} title={group.label} links={group.links} />
      ))}
      <MobileSection title={t`Il mio account`} links={profileLinks} />
      <button type="button" onClick={logout} className={buttonClasses('danger', 'sm')}>
        {t`Esci`}
      </button>
    </>
  );
}
