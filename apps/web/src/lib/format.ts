// Formatting in the page's language (it-IT, de-DE, en-GB), Rome time: dates, and prices in euros with 2
// decimals ("20,00 €" in Italian and German, "€20.00" in English).
import type { TMoney } from '@beach/contracts';
import { INTL_LOCALE, isLocale } from '@beach/i18n';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { VALIDITY } from './display-labels';

const TIME_ZONE = 'Europe/Rome';

/** The page's Intl tag; Italian before a language is active. */
const intlLocale = () => INTL_LOCALE[isLocale(i18n.locale) ? i18n.locale : 'it'];

/**
 * A formatter per language, built when first asked: Intl takes about 0.2 ms to build one and a microsecond to use it,
 * and a list formats a date or an amount on every row of every render.
 */
function perLanguage<T>(create: (tag: string) => T): () => T {
  const made = new Map<string, T>();
  return () => {
    const tag = intlLocale();
    let format = made.get(tag);
    if (!format) {
      format = create(tag);
      made.set(tag, format);
    }
    return format;
  };
}

// it-IT leaves four-digit amounts ungrouped ("1240,00 €") unless grouping is 'always': every amount
// of the app reads "1.240,00 €", like the five-digit ones.
const euro = perLanguage((tag) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }));

export const formatCents = (cents: number) => euro().format(cents / 100);

/** An amount of the API ("60.00", euros): formatted from the decimal string itself, exactly. */
export const formatMoney = (money: TMoney) => euro().format(money as Intl.StringNumericLiteral);

/** An amount added or taken: "+5,00 €", "-2,50 €"; zero without a sign. */
export const formatSignedCents = (cents: number) => `${cents > 0 ? '+' : ''}${formatCents(cents || 0)}`;

/** An amount of the API as a form shows it for editing, typed in Italian ("60.50" → "60,50"). */
export const moneyAsTyped = (money: TMoney) => money.replace('.', ',');

const romeDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Rome of an instant, as YYYY-MM-DD (the centre's days, whatever the browser's zone). */
export const romeDayOf = (instant: string | Date) => romeDay.format(new Date(instant));

/** Today's calendar day in Rome, as YYYY-MM-DD. */
export const todayInRome = () => romeDayOf(new Date());

/** A YYYY-MM-DD calendar date or an instant, as dd/mm/yyyy (dd.mm.yyyy in German). */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return numericDate().format(date);
}
const numericDate = perLanguage((tag) => new Intl.DateTimeFormat(tag, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }));

/** A YYYY-MM-DD calendar date in words, as a screen reader should read it ("lunedì 23 novembre 2026"). */
export const formatLongDate = (day: string) => longDate().format(new Date(`${day}T12:00:00Z`));
const longDate = perLanguage((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone: 'UTC' }));

/** A duration as "45 s", "2 min" or "2 min 5 s". */
export function formatSeconds(seconds: number): string {
  const rounded = Math.max(0, Math.round(seconds));
  if (rounded < 60) return `${rounded} s`;
  const minutes = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

const oneDecimal = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** A file's size: "12 KB" below a megabyte (at least 1), then "4,5 MB", "1,2 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  if (bytes < GB) return `${oneDecimal.format(bytes / MB)} MB`;
  return `${oneDecimal.format(bytes / GB)} GB`;
}

export const initialsOf = (user: { first_name: string; last_name: string }) =>
  `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();

/** An instant as hh:mm, Rome time. */
export const formatTime = (value: string | Date) => clockTime.format(new Date(value));
const clockTime = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant as dd/mm/yyyy hh:mm, Rome time (dd.mm.yyyy in German). */
export const formatDateTime = (value: string | Date) => numericDateTime().format(new Date(value));
const numericDateTime = perLanguage((tag) => new Intl.DateTimeFormat(tag, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }));

/** How a card's validity reads, in the page's language: "dal 01/06/2026 al 30/09/2026". */
export function validityText(card: { start_date: string; end_date: string }): string {
  // Built apart: Lingui's extractor reads an object written inside i18n._() as a new message.
  const validity: MessageDescriptor = { ...VALIDITY, values: { from: formatDate(card.start_date), to: formatDate(card.end_date) } };
  return i18n._(validity);
}

/** A YYYY-MM-DD calendar date as a day picker's button shows it: "sab 12/07" ("Sa., 12.07." in German). */
export const formatShortDay = (day: string) => shortDay().format(new Date(`${day}T12:00:00Z`));
const shortDay = perLanguage((tag) => new Intl.DateTimeFormat(tag, { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' }));

/** When a booking is played: weekday, date and times ("sabato 12/07/2026, 09:00–10:30"; "Samstag, 12.07.2026, …"). */
export const whenText = (booking: { date: string; start: string; end: string }) =>
  `${weekdayAndDate().format(new Date(`${booking.date}T12:00:00Z`))}, ${booking.start}–${booking.end}`;
const weekdayAndDate = perLanguage((tag) => new Intl.DateTimeFormat(tag, { weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }));

/** Two YYYY-MM-DD days as one span in words, the shared parts said once ("lun 14 – ven 18 giugno 2027"). */
export const formatDayRange = (from: string, to: string) => dayInWords().formatRange(new Date(`${from}T12:00:00Z`), new Date(`${to}T12:00:00Z`));
const dayInWords = perLanguage((tag) => new Intl.DateTimeFormat(tag, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
