// What each kind of notification is called on the profile (docs/push.md#kinds).
import type { TNotificationKind } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const KIND_NAMES: Record<TNotificationKind, MessageDescriptor> = {
  match_at_level: msg`Una partita aperta al tuo livello, in un giorno in cui giochi`,
  match_players: msg`Un giocatore entra o esce da una tua partita`,
  match_place_asked: msg`Qualcuno chiede un posto nella tua partita`,
  match_full_or_cancelled: msg`La partita è al completo o annullata`,
  tournament_call: msg`Tocca a voi: la chiamata in campo nei tornei`,
  waitlist_offer: msg`Un posto offerto dalla lista d’attesa (campi, corsi, tornei) e la sua scadenza`,
  share_to_pay: msg`Una quota ancora da pagare`,
};
