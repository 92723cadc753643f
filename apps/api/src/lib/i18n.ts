// The language of a request, and what the API says in it: its errors, the fields' messages and the
// messages of the answers. A request names its language with Accept-Language (the web sends the page's);
// without one, a signed-in member's own (users.locale, applied by the access guard); Italian otherwise.
// What the API says is a message descriptor (an id, its Italian text, its values), rendered when the
// answer is written. A plain string is Italian and stays so: the back-office's, not converted yet.
import { DEFAULT_LOCALE, i18nFor, INTL_LOCALE, isLocale, type Locale, negotiateLocale } from '@beach/i18n/node';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { RequestHandler, Response } from 'express';
import { timeOf, todayInRome } from './time.js';

export type { I18n, MessageDescriptor };
export type { Locale };
export { i18nFor };

/** What the API says: a descriptor, worded in the request's language, or a plain Italian string. */
export type Message = string | MessageDescriptor;

/** `descriptor` with its ICU values (`{day}`, `{amount}`): a value may be `localized`, written in the answer's language. */
export const withValues = (descriptor: MessageDescriptor, values: Record<string, unknown>): MessageDescriptor => ({ ...descriptor, values });

const FORMAT = Symbol('format in a language');
/** A value written in the language of the answer it goes into: a date, an amount. */
export interface Localized {
  [FORMAT]: (locale: Locale) => string;
}
export const localized = (format: (locale: Locale) => string): Localized => ({ [FORMAT]: format });
const isLocalized = (value: unknown): value is Localized => typeof value === 'object' && value !== null && FORMAT in value;

const DAY_SEPARATOR: Record<Locale, string> = { it: '/', de: '.', en: '/' };
/** A calendar day (YYYY-MM-DD) as its language writes it: 14/07/2026, 14.07.2026. */
export const localizedDay = (isoDate: string) => localized((locale) => isoDate.split('-').reverse().join(DAY_SEPARATOR[locale]));

const euros = new Map<Locale, Intl.NumberFormat>();
/** Integer cents as its language writes an amount: 60,00 € (it, de), €60.00 (en). */
export const localizedEuros = (cents: number) =>
  localized((locale) => {
    let format = euros.get(locale);
    if (!format) euros.set(locale, (format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 })));
    return format.format(cents / 100);
  });

/** `message` in the language of `i18n`. */
export function render(i18n: I18n, message: Message): string {
  if (typeof message === 'string') return message;
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const values = Object.fromEntries(Object.entries(message.values ?? {}).map(([name, value]) => [name, isLocalized(value) ? value[FORMAT](locale) : value]));
  return i18n._(message.id, values, { message: message.message });
}

/** `message` in Italian: what the logs and the thrown errors' `message` say. */
export const italian = (message: Message): string => render(i18nFor(DEFAULT_LOCALE), message);

interface RequestLanguage {
  i18n: I18n;
  /** Named by the request itself (Accept-Language): a member's own language does not replace it. */
  asked: boolean;
}
const LANGUAGE = 'language';

/** The language of the answer to this request. */
export const languageOf = (res: Response): I18n => (res.locals[LANGUAGE] as RequestLanguage | undefined)?.i18n ?? i18nFor(DEFAULT_LOCALE);
export const localeOf = (res: Response): Locale => languageOf(res).locale as Locale;

/** The language of each request, from Accept-Language; the answer says it depends on that header. */
export function requestLanguage(): RequestHandler {
  return (req, res, next) => {
    const header = req.get('accept-language');
    res.locals[LANGUAGE] = { i18n: i18nFor(negotiateLocale(header)), asked: !!header } satisfies RequestLanguage;
    res.vary('Accept-Language');
    next();
  };
}

/** A signed-in member's language, for a request that named none. */
export function useAccountLanguage(res: Response, locale: string) {
  const language = res.locals[LANGUAGE] as RequestLanguage | undefined;
  if (!language?.asked) res.locals[LANGUAGE] = { i18n: i18nFor(locale), asked: false } satisfies RequestLanguage;
}

/** A response whose `message` may still be a descriptor: the mounter words it in the request's language. */
export type Unsaid<R> = R extends { message: string } ? Omit<R, 'message'> & { message: Message } : R;

/** The response with its `message` worded in the request's language. */
export function sayMessage(response: unknown, res: Response): unknown {
  const said = response as { message?: unknown } | null;
  if (typeof said !== 'object' || said === null || typeof said.message !== 'object' || said.message === null) return response;
  return { ...said, message: render(languageOf(res), said.message as MessageDescriptor) };
}

/** A booking's time as its language writes it: 14/07/2026 18:00–19:30, 14.07.2026 18:00–19:30 (Rome time). */
export const localizedWhen = (span: { startsAt: Date; endsAt: Date }) =>
  localized((locale) => `${localizedDay(todayInRome(span.startsAt))[FORMAT](locale)} ${timeOf(span.startsAt)}–${timeOf(span.endsAt, true)}`);

/** A web address in `locale`: public and member pages under /de/, /en/; Italian and the back-office unprefixed. */
export function localizedUrl(locale: string, address: string): string {
  if (!isLocale(locale) || locale === DEFAULT_LOCALE) return address;
  const url = new URL(address);
  if (url.pathname === '/admin' || url.pathname.startsWith('/admin/')) return address;
  // Already in a language (a caller localized it before the e-mail layout does): never /de/de/….
  if (isLocale(url.pathname.split('/')[1])) return address;
  url.pathname = `/${locale}${url.pathname}`;
  return url.toString();
}

/** Words `descriptor` (with its values) in the language of `i18n`: how e-mails, calendars and PDFs write. */
export const sayer =
  (i18n: I18n) =>
  (descriptor: MessageDescriptor, values?: Record<string, unknown>): string =>
    render(i18n, values ? withValues(descriptor, values) : descriptor);
