// How the audit log names what a write touched (the API records the path's resource segment).
import type { TAuditEntry } from '@beach/contracts';

/** The back-office resources by the path segment the log names them with. */
const ENTITY_LABELS: Record<string, string> = {
  users: 'Utente',
  memberships: 'Tessera',
  bookings: 'Prenotazione',
  'recurring-bookings': 'Prenotazione ricorrente',
  coupons: 'Coupon tessera',
  'booking-coupons': 'Coupon prenotazioni',
  'bvu-members': 'Tesserato BVU',
  courts: 'Campo',
  'court-closures': 'Chiusura campo',
  setups: 'Allestimento',
  'court-setups': 'Allestimento di un campo',
  'price-lists': 'Listino prezzi',
  settings: 'Regole prenotazioni',
  'broadcast-email': 'E-mail ai soci',
  expenses: 'Spesa',
  incomes: 'Incasso',
  association: 'Dati associazione',
};
export const entityText = (entry: Pick<TAuditEntry, 'entity_type' | 'entity_id'>) =>
  `${ENTITY_LABELS[entry.entity_type] ?? entry.entity_type}${entry.entity_id ? ` #${entry.entity_id}` : ''}`;
