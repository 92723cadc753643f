// The memberships module's terms (docs/domain.md#memberships): when a card is valid and who may have it, as
// pure functions of calendar days (YYYY-MM-DD, Rome), and what the services' parts share (messages, the
// overlap rule, QR tokens). The parts add prices, BVU and coupons.
import { randomBytes } from 'node:crypto';
import { AGE_LIMITS, ageOn, type api, defineMessages, MEMBERSHIP_TYPE_LABELS, PERIOD_DAYS, SEASONAL_TYPES, type TMembershipType } from '@beach/contracts';
import type { Setting } from '../../generated/prisma/client.js';
import { conflictOn } from '../../lib/db.js';
import type { FieldErrors } from '../../lib/errors.js';
import { formatItalianDate } from '../../lib/format.js';
import { localizedDay, withValues } from '../../lib/i18n.js';
import { addDays } from '../../lib/time.js';

export interface Season {
  year: number;
  start: string;
  end: string;
}

export const seasonOf = (year: number, settings: Pick<Setting, 'seasonStart' | 'seasonEnd'>): Season => ({
  year,
  start: `${year}-${settings.seasonStart}`,
  end: `${year}-${settings.seasonEnd}`,
});

/** Whether the calendar day is one of the season's (first and last day included). */
export const inSeason = (date: string, season: Pick<Season, 'start' | 'end'>) => date >= season.start && date <= season.end;

/** "Il centro è aperto dal … al …": how a refusal outside the season names it. */
export const seasonOpening = (season: Pick<Season, 'start' | 'end'>) => `Il centro è aperto dal ${formatItalianDate(season.start)} al ${formatItalianDate(season.end)}`;

/** This year's season until it ends, then next year's. */
export function upcomingSeason(today: string, settings: Pick<Setting, 'seasonStart' | 'seasonEnd'>): Season {
  const year = Number(today.slice(0, 4));
  const season = seasonOf(year, settings);
  return today > season.end ? seasonOf(year + 1, settings) : season;
}

export interface Validity {
  start: string;
  end: string;
  season: Season;
}

/**
 * Seasonal cards run from today (or the season's first day) to the season's end; monthly, weekly and
 * daily cards from a chosen day of the season for 30, 7 and 1 days. A renewal (`coveredUntil`: the last
 * day the member's active cards cover from today on) starts after them: a seasonal card the day after
 * (next season's card when that is past this season's end), a dated one on a day chosen after it.
 */
export function validityOf(type: TMembershipType, startDate: string | null, today: string, settings: Pick<Setting, 'seasonStart' | 'seasonEnd'>, coveredUntil: string | null): Validity | { errors: FieldErrors } {
  if (SEASONAL_TYPES.includes(type)) {
    const from = coveredUntil === null ? today : addDays(coveredUntil, 1);
    const season = upcomingSeason(from, settings);
    return { start: from > season.start ? from : season.start, end: season.end, season };
  }
  if (!startDate) return { errors: { start_date: [membershipMessages.pickStart] } };
  if (startDate < today) return { errors: { start_date: [membershipMessages.startPast] } };
  if (coveredUntil !== null && startDate <= coveredUntil) {
    const covered = { until: localizedDay(coveredUntil), from: localizedDay(addDays(coveredUntil, 1)) };
    return { errors: { start_date: [withValues(membershipMessages.startCovered, covered)] } };
  }
  const season = seasonOf(Number(startDate.slice(0, 4)), settings);
  if (!inSeason(startDate, season)) {
    return { errors: { start_date: [withValues(membershipMessages.outOfSeason, { start: localizedDay(season.start), end: localizedDay(season.end) })] } };
  }
  return { start: startDate, end: addDays(startDate, PERIOD_DAYS[type]! - 1), season };
}

/** How a card of that type is named on the quote, on Stripe's payment page and on the card itself. */
export const cardLabel = (type: TMembershipType) => `Tessera ${MEMBERSHIP_TYPE_LABELS[type].toLowerCase()}`;
/** The seasonal card at the BVU rate (a course of the beach volley union), named so wherever it shows. */
export const BVU_CARD_LABEL = 'Tessera stagionale corso BVU';

/** The file name of a card's PDF, as downloaded, e-mailed and stored. */
export const cardPdfName = (membershipNumber: string) => `tessera-${membershipNumber}.pdf`;

/** Under-18 and under-23 cards need the holder to be under that age on the card's first day. */
export function ageProblem(type: TMembershipType, birthDate: string | null, startDate: string): FieldErrors | null {
  const limit = AGE_LIMITS[type];
  if (limit === undefined) return null;
  const label = MEMBERSHIP_TYPE_LABELS[type].toLowerCase();
  if (!birthDate) return { birth_date: [withValues(membershipMessages.birthDateNeeded, { label })] };
  if (ageOn(birthDate, startDate) >= limit) return { type: [withValues(membershipMessages.tooOld, { label, limit })] };
  return null;
}

export const membershipMessages = defineMessages({
  overlap: /* i18n */ {
    id: 'api.memberships.overlap',
    message: 'Hai già una tessera valida o in attesa per questi giorni: la trovi tra le tue tessere in questa pagina.',
  },
  unpaidRequest: /* i18n */ {
    id: 'api.memberships.unpaid_request',
    message: 'Hai già una richiesta di tessera da pagare: completa il pagamento o annulla la richiesta prima di farne un’altra.',
  },
  notFound: /* i18n */ { id: 'api.memberships.not_found', message: 'Tessera non trovata.' },
  notPayable: /* i18n */ { id: 'api.memberships.not_payable', message: 'Questa tessera non è da pagare online.' },
  notCancellable: /* i18n */ {
    id: 'api.memberships.not_cancellable',
    message: 'Questa tessera non si può più annullare: per qualsiasi modifica passa in segreteria.',
  },
  cancelled: /* i18n */ { id: 'api.memberships.cancelled', message: 'Richiesta di tessera annullata.' },
  pdfNotYet: /* i18n */ { id: 'api.memberships.pdf_not_yet', message: 'Il PDF della tessera si può scaricare dopo l’attivazione.' },
  bvuSeasonalOnly: /* i18n */ { id: 'api.memberships.bvu_seasonal_only', message: 'La tariffa BVU vale solo per la tessera stagionale.' },
  bvuNotFound: /* i18n */ {
    id: 'api.memberships.bvu_not_found',
    message: 'Nessun tesserato BVU della stagione {season} con questo codice tessera e questo codice fiscale.',
  },
  priceMissing: /* i18n */ {
    id: 'api.memberships.price_missing',
    message: 'Il listino prezzi della stagione non è ancora pubblicato: riprova più tardi o passa in segreteria.',
  },
  pickStart: /* i18n */ { id: 'api.memberships.pick_start', message: 'Scegli il giorno di inizio della tessera.' },
  startPast: /* i18n */ { id: 'api.memberships.start_past', message: 'Il giorno di inizio non può essere già passato.' },
  startCovered: /* i18n */ { id: 'api.memberships.start_covered', message: 'La tua tessera vale fino al {until}: scegli un giorno dal {from}.' },
  outOfSeason: /* i18n */ { id: 'api.memberships.out_of_season', message: 'Il centro è aperto dal {start} al {end}: scegli un giorno della stagione.' },
  birthDateNeeded: /* i18n */ { id: 'api.memberships.birth_date_needed', message: 'Inserisci la data di nascita: serve per la tessera {label}.' },
  tooOld: /* i18n */ { id: 'api.memberships.too_old', message: 'La tessera {label} è per chi ha meno di {limit} anni il primo giorno di validità.' },
  cardNotFound: /* i18n */ { id: 'api.memberships.card_not_found', message: 'Tessera non valida: nessuna tessera corrisponde a questo codice.' },
  tooManyVerifications: /* i18n */ { id: 'api.memberships.too_many_verifications', message: 'Troppe verifiche ravvicinate: riprova tra un minuto.' },
});

/** Two live cards of one member may not overlap (constraint memberships_no_overlap). */
export const rethrowOverlap = conflictOn('memberships_no_overlap', membershipMessages.overlap);

export const newQrToken = () => randomBytes(24).toString('base64url');

export type AdminRoutes = typeof api.adminMemberships;

export const ADMIN_MEMBERSHIP_MESSAGES = {
  notPending: 'Questa tessera non è in attesa di attivazione.',
  activated: (number: string) => `Tessera ${number} attivata con successo!`,
  deleted: (number: string) =>
    `Tessera ${number} eliminata. I suoi pagamenti restano registrati nei conti (un eventuale rimborso si fa dalle transazioni) e i pagamenti online ancora aperti sono stati chiusi.`,
  linked: 'Pagamento collegato con successo!',
  paymentUnknown: 'Nessun pagamento Stripe con questo ID.',
  paymentNotSucceeded: (status: string) => `Il pagamento non è andato a buon fine su Stripe (stato: ${status}): non si può collegare.`,
  paymentCurrency: (currency: string) => `Il pagamento è in ${currency.toUpperCase()}, non in euro: non si può collegare.`,
  paymentAmount: (paid: string, expected: string) => `Il pagamento su Stripe è di € ${paid}, la tessera costa € ${expected}: gli importi devono coincidere.`,
  amountMismatch: (paid: string) => `L’importo indicato non corrisponde al pagamento su Stripe (€ ${paid}).`,
  paymentLinked: 'Questo pagamento è già collegato a una tessera o a una prenotazione.',
  created: (number: string) => `Tessera ${number} creata e attivata.`,
  updated: (number: string) => `Tessera ${number} aggiornata.`,
  emailTaken: 'Esiste già un account con questo indirizzo e-mail: cercalo tra i tesserati esistenti.',
  holderUnknown: 'Tesserato non trovato.',
} as const;
