// How the audit log names what a write changed: the entity by its table, the action by its verb (the API's
// lib/audit.ts). Entries written before both were named keep their old text: shown as recorded.
import type { TAuditEntry } from '@beach/contracts';

const ENTITY_LABELS: Record<string, string> = {
  users: 'Utente',
  memberships: 'Tessera',
  bookings: 'Prenotazione',
  recurring_bookings: 'Prenotazione ricorrente',
  membership_coupons: 'Coupon tessera',
  booking_coupons: 'Coupon prenotazioni',
  bvu_members: 'Tesserato BVU',
  bank_lines: 'Movimento bancario',
  bank_statements: 'Estratto conto',
  courts: 'Campo',
  court_closures: 'Chiusura campo',
  course_attendances: 'Presenza a lezione',
  lesson_slots: 'Disponibilità per lezioni private',
  setups: 'Allestimento',
  court_setups: 'Allestimento di un campo',
  price_lists: 'Listino prezzi',
  settings: 'Impostazioni',
  broadcasts: 'E-mail ai soci',
  expenses: 'Spesa',
  incomes: 'Incasso',
  transactions: 'Pagamento',
  association: 'Dati associazione',
  ledger_entries: 'Movimento di credito',
  carnets: 'Carnet',
  carnet_products: 'Tipo di carnet',
  check_ins: 'Ingresso',
  medical_certificates: 'Certificato medico',
  member_level_changes: 'Livello del socio',
  rain_checks: 'Maltempo',
  courses: 'Corso',
  course_sessions: 'Lezione di un corso',
  course_enrolments: 'Iscrizione a un corso',
  booking_players: 'Quota di un giocatore',
  tournaments: 'Torneo',
  tournament_entries: 'Coppia iscritta a un torneo',
  tournament_matches: 'Partita di un torneo',
};

const ACTION_LABELS: Record<string, string> = {
  create: 'Creazione',
  update: 'Modifica',
  delete: 'Eliminazione',
  cancel: 'Annullamento',
  restore: 'Ripristino',
  move: 'Spostamento',
  'mark-paid': 'Segnato come pagato',
  activate: 'Attivazione',
  'link-payment': 'Pagamento collegato',
  verify: 'Verifica',
  reject: 'Rifiuto',
  enable: 'Riattivazione',
  disable: 'Disattivazione',
  erase: 'Cancellazione dati',
  'change-role': 'Cambio ruolo',
  import: 'Importazione',
  send: 'Invio',
  copy: 'Copia',
  'check-in': 'Ingresso registrato',
  'top-up': 'Ricarica',
  adjust: 'Rettifica',
  refund: 'Rimborso',
  sell: 'Vendita',
  publish: 'Pubblicazione',
};

export const entityText = (entry: Pick<TAuditEntry, 'entity_type' | 'entity_id'>) =>
  `${ENTITY_LABELS[entry.entity_type] ?? entry.entity_type}${entry.entity_id ? ` #${entry.entity_id}` : ''}`;

export const actionText = (entry: Pick<TAuditEntry, 'action'>) => ACTION_LABELS[entry.action] ?? entry.action;
