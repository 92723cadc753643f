// The API speaks the caller's language: the same bad request answered in Italian, German and English
// (the contracts' field messages and the API's own errors), from Accept-Language or, without it, from
// the signed-in member's users.locale; requests in different languages side by side keep theirs; the
// back-office's words not converted yet stay Italian in every language.
import { messages as contractMessages } from '@beach/i18n/catalogues/contracts/it';
import { messages as serverMessages } from '@beach/i18n/catalogues/server/it';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from './lib/time.js';
import { useTestApp } from './test/app.js';
import { DEMO, loginAs } from './test/auth-helpers.js';
import { createMember, type TestMember } from './test/members.js';

const { app, db } = await useTestApp({}, { stripe: true });
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
beforeEach(() => {
  today = todayInRome();
});
const HORIZON_DAYS = 14;
let member: TestMember;
let court: number;

beforeAll(async () => {
  member = await createMember(db, { firstName: 'Lena', lastName: 'Sprachen' });
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: HORIZON_DAYS } });
});

let counter = 0;
/** A registration with an e-mail that is not one and a password too short: two field errors. */
const badRegistration = () => ({
  first_name: 'Lena',
  last_name: 'Sprachen',
  email: `lena.${++counter}@`,
  phone: '+39 333 123 4567',
  birth_date: '1995-04-12',
  password: 'abc1',
  password_confirmation: 'abc1',
  privacy_consent: true,
});

const register = (acceptLanguage: string | null, body: object = badRegistration()) => {
  const call = request(app).post('/api/auth/register');
  return (acceptLanguage ? call.set('Accept-Language', acceptLanguage) : call).send(body);
};

const REGISTRATION_REFUSED = {
  it: {
    message: 'I dati inviati non sono validi.',
    email: 'Inserisci un indirizzo e-mail valido.',
    password: 'La password deve contenere almeno 8 caratteri.',
  },
  de: {
    message: 'Die gesendeten Daten sind ungültig.',
    email: 'Gib eine gültige E-Mail-Adresse ein.',
    password: 'Das Passwort muss mindestens 8 Zeichen enthalten.',
  },
  en: { message: 'The data sent is not valid.', email: 'Enter a valid e-mail address.', password: 'The password must contain at least 8 characters.' },
};
const refusal = ({ message, email, password }: (typeof REGISTRATION_REFUSED)['it']) => ({ message, errors: { email: [email], password: [password] } });

describe('a bad registration', () => {
  it('is refused in Italian without a language, and in Italian, German or English as Accept-Language asks', async () => {
    const italian = await register(null).expect(422);
    expect(italian.body).toEqual(refusal(REGISTRATION_REFUSED.it));
    for (const [header, locale] of [['it-IT,it;q=0.9', 'it'], ['de-CH,de;q=0.9,en;q=0.8', 'de'], ['en-GB,en;q=0.9', 'en']] as const) {
      const response = await register(header).expect(422);
      expect(response.body).toEqual(refusal(REGISTRATION_REFUSED[locale]));
      // The answer depends on the header: a shared cache keeps one per language.
      expect(response.headers.vary).toMatch(/Accept-Language/);
    }
  });

  it('falls back to Italian for a language the site does not speak', async () => {
    expect((await register('fr-FR,fr;q=0.9').expect(422)).body).toEqual(refusal(REGISTRATION_REFUSED.it));
  });

  it('keeps each request’s language when requests in different languages run side by side', async () => {
    const locales = Array.from({ length: 24 }, (_, index) => (['it', 'de', 'en'] as const)[index % 3]!);
    const answers = await Promise.all(locales.map((locale) => register(locale)));
    answers.forEach((answer, index) => expect(answer.body).toEqual(refusal(REGISTRATION_REFUSED[locales[index]!])));
  });
});

describe('a member’s language', () => {
  const email = () => `lena.${++counter}.${Date.now()}@esempio.it`;
  const goodRegistration = () => ({ ...badRegistration(), email: email(), password: 'Sabbia2026', password_confirmation: 'Sabbia2026' });

  it('is the request’s at registration, Italian when it names none', async () => {
    const english = await register('en', goodRegistration()).expect(201);
    expect(english.body).toMatchObject({ message: 'Sign-up complete! We have sent you an e-mail to confirm your address.', user: { locale: 'en' } });
    expect((await db.user.findUniqueOrThrow({ where: { email: english.body.user.email } })).locale).toBe('en');
    expect((await register(null, goodRegistration()).expect(201)).body.user.locale).toBe('it');
  });

  it('changes through the profile, and a language the site does not speak is refused in the request’s', async () => {
    const profile = { first_name: 'Lena', last_name: 'Sprachen', phone: null, birth_date: null };
    const auth = { Authorization: `Bearer ${member.token}` };
    const changed = await request(app).put('/api/auth/user-profile').set(auth).send({ ...profile, locale: 'de' }).expect(200);
    expect(changed.body.locale).toBe('de');
    // Without the field the language stays.
    expect((await request(app).put('/api/auth/user-profile').set(auth).send(profile).expect(200)).body.locale).toBe('de');
    const refused = await request(app).put('/api/auth/user-profile').set(auth).set('Accept-Language', 'en').send({ ...profile, locale: 'fr' }).expect(422);
    expect(refused.body).toEqual({ message: 'The data sent is not valid.', errors: { locale: ['Invalid language: it, de or en.'] } });
    expect((await request(app).get('/api/auth/user-profile').set(auth).expect(200)).body.locale).toBe('de');
    await db.user.update({ where: { id: member.id }, data: { locale: 'it' } });
  });

  it('answers a signed-in request that names no language; Accept-Language still wins', async () => {
    await db.user.update({ where: { id: member.id }, data: { locale: 'en' } });
    const auth = { Authorization: `Bearer ${member.token}` };
    const past = { date: addDays(today, -1), court_id: court, start: '09:00' };
    expect((await request(app).post('/api/bookings').set(auth).send(past).expect(422)).body.message).toBe('A time that has already passed cannot be booked.');
    const asked = await request(app).post('/api/bookings').set(auth).set('Accept-Language', 'de').send(past).expect(422);
    expect(asked.body.message).toBe('Eine Zeit, die schon vorbei ist, kann nicht gebucht werden.');
    await db.user.update({ where: { id: member.id }, data: { locale: 'it' } });
  });
});

describe('a refused booking', () => {
  const tooFar = () => ({ date: addDays(today, HORIZON_DAYS + 1), court_id: court, start: '09:00' });
  const book = (acceptLanguage: string, body: object) =>
    request(app).post('/api/bookings').set({ Authorization: `Bearer ${member.token}`, 'Accept-Language': acceptLanguage }).send(body);

  it('says why in the request’s language, with its values', async () => {
    const expected = {
      it: `Si può prenotare al massimo ${HORIZON_DAYS} giorni in anticipo.`,
      de: `Du kannst höchstens ${HORIZON_DAYS} Tage im Voraus buchen.`,
      en: `You can book at most ${HORIZON_DAYS} days in advance.`,
    };
    for (const [locale, message] of Object.entries(expected)) expect((await book(locale, tooFar()).expect(422)).body).toEqual({ message });
  });

  it('words a contract’s refinement and a field the caller got wrong in the request’s language', async () => {
    const pastMidnight = { date: addDays(today, 2), court_id: court, start: '22:30', slots: 3 };
    const expected = {
      it: 'Le fasce scelte vanno oltre la mezzanotte.',
      de: 'Die gewählten Zeitfenster reichen über Mitternacht hinaus.',
      en: 'The chosen time bands go past midnight.',
    };
    for (const [locale, message] of Object.entries(expected)) expect((await book(locale, pastMidnight).expect(422)).body.errors).toEqual({ slots: [message] });
    const noCourt = await book('de', { date: addDays(today, 2), start: '09:00' }).expect(422);
    expect(noCourt.body.errors).toEqual({ court_id: ['Wähle einen Platz.'] });
  });
});

describe('the API’s own words', () => {
  it('say an unknown address and a malformed body in the request’s language', async () => {
    expect((await request(app).get('/api/nowhere').set('Accept-Language', 'de').expect(404)).body).toEqual({ message: 'Endpunkt nicht gefunden: GET /api/nowhere' });
    const malformed = await request(app).post('/api/auth/login').set({ 'Accept-Language': 'en', 'Content-Type': 'application/json' }).send('{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('keep the back-office’s Italian where its messages are not converted yet', async () => {
    const staff = await loginAs(app, DEMO.staff);
    const missing = await request(app).get('/api/admin/users/2000000').set({ Authorization: `Bearer ${staff}`, 'Accept-Language': 'en' }).expect(404);
    expect(missing.body).toEqual({ message: 'Utente non trovato.' });
  });

  it('never share an id between the contracts’ catalogue and the API’s (the API loads both into one)', () => {
    const shared = Object.keys(contractMessages).filter((id) => id in serverMessages);
    expect(shared).toEqual([]);
  });
});
