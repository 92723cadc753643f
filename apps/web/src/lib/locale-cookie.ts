// The switcher's German or English choice as a cookie, so the server answers the home page's address without
// prefix in that language (a redirect) and the page itself reads no storage before its first paint
// (docs/i18n.md#addresses-and-the-language-of-a-page). nginx.conf reads the same cookie.

/** The cookie's name (nginx.conf: `$cookie_beach_locale`). */
export const LOCALE_COOKIE = 'beach_locale';
/** A year: the choice lasts as long as the stored one would. */
const KEPT_SECONDS = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that keeps `locale` for the whole site. */
export const localeCookie = (locale: string) => `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${KEPT_SECONDS}; SameSite=Lax`;

/** The address `/` (with `search`) moves to for a request carrying `cookieHeader`: the chosen German or English home, else none. */
export function homeAddressChosen(cookieHeader: string | undefined, search: string): string | null {
  const chosen = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(de|en)(?:;|$)`).exec(cookieHeader ?? '')?.[1];
  return chosen ? `/${chosen}/${search}` : null;
}
