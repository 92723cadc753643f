// The member's active cards kept on this device, so /tesseramento shows them with no signal (the beach
// has weak coverage). The page keeps them in local storage rather than a service-worker cache of the
// API's answer: only what the card itself shows is at rest (holder's name, number, type, validity and
// the address in the QR code), not the member's other cards, prices, payments or fiscal code. They
// belong to the signed-in member: session.clear() removes them (logout, expired or refused session), and
// another account signed in on the device never reads them.
import { ZMyMembership, type TMyMembership, type TUser } from '@beach/contracts';
import { z } from 'zod';
import { MEMBER_DEVICE_KEYS } from '../../lib/session';

const ZOfflineCard = ZMyMembership.pick({ id: true, membership_number: true, type: true, start_date: true, end_date: true, is_bvu_member: true }).extend({
  verify_url: z.string(),
});
export type TOfflineCard = z.infer<typeof ZOfflineCard>;

const ZOfflineCards = z.object({
  user_id: z.number().int(),
  holder: z.string(),
  /** When the cards were last read from the server. */
  saved_at: z.iso.datetime(),
  cards: z.array(ZOfflineCard),
});
export type TOfflineCards = z.infer<typeof ZOfflineCards>;

const KEY = MEMBER_DEVICE_KEYS.offlineCards;

/** Keeps the cards the member can show at the entrance today or later (active, with a QR code), as read at `readAt`. */
export function saveOfflineCards(user: TUser, memberships: TMyMembership[], readAt: Date, today: string) {
  const cards = memberships.flatMap(({ id, membership_number, type, start_date, end_date, is_bvu_member, status, verify_url }) =>
    status === 'active' && end_date >= today && verify_url ? [{ id, membership_number, type, start_date, end_date, is_bvu_member, verify_url }] : [],
  );
  if (cards.length === 0) return localStorage.removeItem(KEY);
  const saved: TOfflineCards = { user_id: user.id, holder: `${user.first_name} ${user.last_name}`, saved_at: readAt.toISOString(), cards };
  localStorage.setItem(KEY, JSON.stringify(saved));
}

/** The signed-in member's saved cards still valid `today` (a card may expire while the phone is offline). */
export function readOfflineCards(user: TUser, today: string): TOfflineCards | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  const parsed = ZOfflineCards.safeParse(stored);
  if (!parsed.success || parsed.data.user_id !== user.id) return null;
  const cards = parsed.data.cards.filter((card) => card.end_date >= today);
  return cards.length > 0 ? { ...parsed.data, cards } : null;
}
