import { i18nFor } from '@beach/i18n/node';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { couponMessages } from '../modules/coupons/index.js';
import { creditMessages } from '../modules/credit/credit-terms.js';
import { italian, localizedDay, localizedEuros, localizedUrl, localizedWhen, render, sayer, withValues } from './i18n.js';

const creditTopUpRange = creditMessages.topUpRange;

describe('what the API says', () => {
  // Intl separates the amount from € with a no-break space.
  it('writes a day and an amount as the answer’s language does', () => {
    const said = withValues(creditTopUpRange, { min: localizedEuros(1000), max: localizedEuros(1_234_567) });
    expect(render(i18nFor('it'), said)).toBe('Puoi ricaricare da 10,00\u00a0€ a 12.345,67\u00a0€.');
    expect(render(i18nFor('de'), said)).toBe('Du kannst von 10,00\u00a0€ bis 12.345,67\u00a0€ aufladen.');
    expect(render(i18nFor('en'), said)).toBe('You can top up from €10.00 to €12,345.67.');
    const day = localizedDay('2026-07-14');
    expect(['it', 'de', 'en'].map((locale) => render(i18nFor(locale), withValues(couponMessages.notYet, { from: day })))).toEqual([
      'Questo coupon sarà valido dal 14/07/2026.',
      'Dieser Gutschein gilt ab dem 14.07.2026.',
      'This coupon will be valid from 14/07/2026.',
    ]);
  });

  it('leaves a plain string, the back-office’s Italian, as it is in every language', () => {
    expect(render(i18nFor('en'), 'Utente non trovato.')).toBe('Utente non trovato.');
  });

  it('keeps the Italian as an error’s own message, for the logs, whatever the answer’s language', () => {
    const error = new AppError(422, withValues(creditTopUpRange, { min: localizedEuros(500), max: localizedEuros(20_000) }));
    expect(error.message).toBe('Puoi ricaricare da 5,00\u00a0€ a 200,00\u00a0€.');
    expect(italian(error.said)).toBe(error.message);
  });
});

describe('what e-mails, calendars and PDFs write', () => {
  it('writes a booking’s time in Rome, its day as the language does, an end at midnight as 24:00', () => {
    const when = localizedWhen({ startsAt: new Date('2026-07-14T20:30:00Z'), endsAt: new Date('2026-07-14T22:00:00Z') });
    const description = { id: 'test.when', message: '{when}' };
    expect(['it', 'de', 'en'].map((locale) => sayer(i18nFor(locale))(description, { when }))).toEqual([
      '14/07/2026 22:30–24:00',
      '14.07.2026 22:30–24:00',
      '14/07/2026 22:30–24:00',
    ]);
  });

  it('links a public or member page in the reader’s language, Italian and the back-office unprefixed', () => {
    expect(localizedUrl('it', 'https://web.example/le-mie-prenotazioni')).toBe('https://web.example/le-mie-prenotazioni');
    expect(localizedUrl('de', 'https://web.example/quote/3?email=a%40b.it')).toBe('https://web.example/de/quote/3?email=a%40b.it');
    expect(localizedUrl('en', 'https://web.example/')).toBe('https://web.example/en/');
    expect(localizedUrl('en', 'https://web.example/admin/prenotazioni')).toBe('https://web.example/admin/prenotazioni');
    expect(localizedUrl('fr', 'https://web.example/profilo')).toBe('https://web.example/profilo');
    // Localized twice (by a caller, then by the e-mail layout): still one prefix.
    expect(localizedUrl('de', localizedUrl('de', 'https://web.example/profilo'))).toBe('https://web.example/de/profilo');
    expect(localizedUrl('en', 'https://web.example/en')).toBe('https://web.example/en');
  });
});
