// When a card is valid and who may have it (docs/domain.md#memberships), as pure functions of calendar days
// (YYYY-MM-DD, Rome). The service adds prices, BVU and coupons.
import { AGE_LIMITS, ageOn, MEMBERSHIP_TYPE_LABELS, PERIOD_DAYS, SEASONAL_TYPES, type TMembershipType } from '@beach/contracts';
import type { Setting } from '../../generated/prisma/client.js';
import type { FieldErrors } from '../../lib/errors.js';
import { formatItalianDate } from '../../lib/format.js';
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
  if (!startDate) return { errors: { start_date: ['Scegli il giorno di inizio della tessera.'] } };
  if (startDate < today) return { errors: { start_date: ['Il giorno di inizio non può essere già passato.'] } };
  if (coveredUntil !== null && startDate <= coveredUntil) {
    return { errors: { start_date: [`La tua tessera vale fino al ${formatItalianDate(coveredUntil)}: scegli un giorno dal ${formatItalianDate(addDays(coveredUntil, 1))}.`] } };
  }
  const season = seasonOf(Number(startDate.slice(0, 4)), settings);
  if (!inSeason(startDate, season)) {
    return { errors: { start_date: [`${seasonOpening(season)}: scegli un giorno della stagione.`] } };
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
  if (!birthDate) return { birth_date: [`Inserisci la data di nascita: serve per la tessera ${label}.`] };
  if (ageOn(birthDate, startDate) >= limit) return { type: [`La tessera ${label} è per chi ha meno di ${limit} anni il primo giorno di validità.`] };
  return null;
}
