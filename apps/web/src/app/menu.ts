// The header's items for a user (docs/screens.md#header); the desktop bar and the mobile menu both
// render these lists. The public links are the page's language's; the back-office's labels name Italian
// screens and stay Italian (docs/i18n.md#parts).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { paths } from '../config/paths';

export interface MenuLink {
  label: string;
  to: string;
}
export interface MenuGroup {
  label: string;
  links: MenuLink[];
}
/** A link of the public and member menus: its label in the page's language. */
export interface TranslatedLink {
  label: MessageDescriptor;
  to: string;
}

export const PUBLIC_LINKS: TranslatedLink[] = [
  { label: msg`Home`, to: paths.home },
  { label: msg`Come Funziona`, to: paths.howItWorks },
  { label: msg`Tariffe`, to: paths.pricing },
  { label: msg`Mappa Campi`, to: paths.courtsMap },
];

/** Where the phone menu also leads, signed in or not: the desktop bar has no room for them (the footer links them). */
export const MOBILE_MORE_LINKS: TranslatedLink[] = [
  { label: msg`Scuola di beach volley`, to: paths.school },
  { label: msg`Tornei`, to: paths.tournaments },
];

export const PROFILE_LINKS: TranslatedLink[] = [
  { label: msg`Il mio profilo`, to: paths.profile },
  { label: msg`Tesseramento`, to: paths.membership },
  { label: msg`Le mie prenotazioni`, to: paths.myBookings },
  { label: msg`Prenota campo`, to: paths.bookings },
  { label: msg`Partite aperte`, to: paths.openMatches },
];
