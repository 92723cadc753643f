// The contracts' display tables (price list lines, court purposes, card types and statuses), in the page's language.
// The contracts keep their Italian (the API and the membership card PDF print it); here each code gets its
// message, with that very Italian as its source (display-labels.test.ts keeps the two equal).
import type { TCourtPurpose, TMembershipStatus, TMembershipType, TPriceCode } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const PRICE_LABELS: Record<TPriceCode, { label: MessageDescriptor; detail: MessageDescriptor }> = {
  membership_seasonal: { label: msg`Tessera stagionale`, detail: msg`Valida tutta la stagione` },
  membership_seasonal_bvu: { label: msg`Tessera stagionale corso BVU`, detail: msg`Per gli iscritti ai corsi BVU` },
  membership_under_23: { label: msg`Tessera under 23`, detail: msg`Stagionale, fino a 23 anni` },
  membership_under_18: { label: msg`Tessera under 18`, detail: msg`Stagionale, fino a 18 anni` },
  membership_monthly: { label: msg`Tessera mensile`, detail: msg`Valida 30 giorni` },
  membership_weekly: { label: msg`Tessera settimanale`, detail: msg`Valida 7 giorni` },
  membership_daily: { label: msg`Tessera giornaliera`, detail: msg`Valida un giorno` },
  insurance_addon: { label: msg`Assicurazione`, detail: msg`Da aggiungere alle tessere stagionale, under 23 e under 18` },
  court_full_day: { label: msg`Giornata intera`, detail: msg`Un campo dalle 9:00 alle 19:30` },
  court_full_day_equipment: { label: msg`Giornata intera con attrezzatura da allenamento`, detail: msg`Un campo dalle 9:00 alle 19:30` },
  court_day_slot: { label: msg`Fascia diurna`, detail: msg`9:00 - 19:30, per campo ogni 1h30` },
  court_evening_slot: { label: msg`Fascia serale con luci`, detail: msg`19:30 - 00:00, per campo ogni 1h30` },
};

export const COURT_PURPOSE_LABELS: Record<TCourtPurpose, { label: MessageDescriptor; description: MessageDescriptor }> = {
  central: { label: msg`Campo centrale`, description: msg`Tornei, eventi e partite su prenotazione` },
  members: { label: msg`Riservati ai tesserati`, description: msg`Fila B, per chi ha la tessera` },
  bookable: { label: msg`Prenotabili e illuminati`, description: msg`Fila C, anche la sera con le luci` },
  school: { label: msg`Scuola beach volley e camp`, description: msg`Fila D, corsi e camp estivi` },
  free_use: { label: msg`Libera utenza`, description: msg`Sempre liberi, senza prenotazione` },
};

export const MEMBERSHIP_TYPE_LABELS: Record<TMembershipType, MessageDescriptor> = {
  seasonal: msg`Stagionale`,
  under_23: msg`Under 23`,
  under_18: msg`Under 18`,
  monthly: msg`Mensile`,
  weekly: msg`Settimanale`,
  daily: msg`Giornaliera`,
};

export const MEMBERSHIP_STATUS_LABELS: Record<TMembershipStatus, MessageDescriptor> = { active: msg`Attiva`, pending: msg`In attesa`, expired: msg`Scaduta` };

/** A card's validity, "dal 01/06/2026 al 30/09/2026" (validityText in lib/format.ts); here, out of the first paint's `shell`. */
export const VALIDITY = msg({ message: 'dal {from} al {to}', comment: 'A membership card or carnet is valid from one date to another.' });
