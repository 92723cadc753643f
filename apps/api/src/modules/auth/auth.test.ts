import { AUTH_MESSAGES } from '@beach/contracts';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { TEST_BCRYPT_COST } from '../../test/env.js';
import { linkIn, startMailCatcher } from '../../test/mail-catcher.js';

const mail = await startMailCatcher();
afterAll(() => mail.close());
const WEB = 'http://web.example.test';
const { app, db, config, deps } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: WEB });

let counter = 0;
const newAccount = () => ({
  first_name: 'Marta',
  last_name: 'Bianchi',
  email: `marta.${++counter}.${Date.now()}@esempio.it`,
  phone: '+39 333 123 4567',
  birth_date: '1995-04-12',
  password: 'Sabbia2026',
  password_confirmation: 'Sabbia2026',
  privacy_consent: true,
});

async function registerAndVerify(account = newAccount()) {
  await request(app).post('/api/auth/register').send(account).expect(201);
  const link = linkIn(await mail.waitFor(account.email), `${WEB}/verify-email/`);
  const [id, token] = link.slice(`${WEB}/verify-email/`.length).split('/');
  await request(app).post('/api/auth/verify-email').send({ id, token }).expect(200);
  return account;
}

beforeEach(async () => {
  await db.loginFailure.deleteMany({});
});

describe('registration and e-mail verification', () => {
  it('creates an unverified user and e-mails a verification link that opens the web app', async () => {
    const account = newAccount();
    const response = await request(app).post('/api/auth/register').send({ ...account, email: account.email.toUpperCase() }).expect(201);
    expect(response.body.message).toBe(AUTH_MESSAGES.registered);
    expect(response.body.user).toMatchObject({ email: account.email, role: 'user', role_display_name: 'Utente', is_admin: false });
    const user = await db.user.findUniqueOrThrow({ where: { email: account.email } });
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.passwordHash).toMatch(new RegExp(`^\\$2b\\$0${TEST_BCRYPT_COST}\\$`)); // hashed at the configured cost

    const message = await mail.waitFor(account.email);
    expect(message.subject).toBe('Conferma il tuo indirizzo e-mail');
    expect(message.html).toContain('Conferma e-mail');
    expect(linkIn(message, `${WEB}/verify-email/${user.id}/`)).toMatch(new RegExp(`^${WEB}/verify-email/${user.id}/[A-Za-z0-9_-]{43}$`));
  });

  it('e-mails a member who signs up in German in German, the link to the German page', async () => {
    const account = newAccount();
    await request(app).post('/api/auth/register').set('Accept-Language', 'de-DE,de;q=0.9').send(account).expect(201);
    const user = await db.user.findUniqueOrThrow({ where: { email: account.email } });
    const message = await mail.waitFor(account.email);
    expect(message.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(message.text).toContain('Hallo Marta,');
    expect(message.text).toContain('danke für deine Registrierung. Bestätige deine E-Mail-Adresse, um dein Konto zu aktivieren.');
    expect(message.text).toContain('Der Link gilt 24 Stunden und kann nur einmal verwendet werden.');
    expect(linkIn(message, `${WEB}/de/verify-email/`)).toMatch(new RegExp(`^${WEB}/de/verify-email/${user.id}/[A-Za-z0-9_-]{43}$`));
    expect(message.html).toContain('<html lang="de">');
  });

  it('carries a page of this app to reach once confirmed (an invitation’s share), and refuses any other address', async () => {
    const account = newAccount();
    await request(app).post('/api/auth/register').send({ ...account, redirect: '/quote/12?email=ospite%40esempio.it' }).expect(201);
    const user = await db.user.findUniqueOrThrow({ where: { email: account.email } });
    expect(linkIn(await mail.waitFor(account.email), `${WEB}/verify-email/`)).toMatch(new RegExp(`^${WEB}/verify-email/${user.id}/[A-Za-z0-9_-]{43}\\?redirect=%2Fquote%2F12%3Femail%3Dospite%2540esempio\\.it$`));
    for (const redirect of ['https://altro.example/quote/1', '//altro.example/', 'quote/1']) {
      const refused = await request(app).post('/api/auth/register').send({ ...newAccount(), redirect }).expect(422);
      expect(refused.body.errors).toEqual({ redirect: ['Indirizzo di ritorno non valido.'] });
    }
  });

  it('refuses a second account with the same e-mail, whatever its case, with an Italian field message', async () => {
    const account = newAccount();
    await request(app).post('/api/auth/register').send(account).expect(201);
    const response = await request(app).post('/api/auth/register').send({ ...account, email: ` ${account.email.toUpperCase()} ` }).expect(422);
    expect(response.body.errors).toEqual({ email: [AUTH_MESSAGES.emailTaken] });
  });

  it('answers a bad body with 422 and a message per field, and writes nothing', async () => {
    const before = await db.user.count();
    const response = await request(app)
      .post('/api/auth/register')
      .send({ first_name: '', email: 'non-una-email', phone: 'abc', birth_date: '2999-01-01', password: 'corta', password_confirmation: 'diversa', privacy_consent: false })
      .expect(422);
    expect(response.body.message).toBe('I dati inviati non sono validi.');
    expect(response.body.errors).toMatchObject({
      first_name: ['Campo obbligatorio.'],
      last_name: ['Campo obbligatorio.'],
      email: ['Inserisci un indirizzo e-mail valido.'],
      phone: ['Inserisci un numero di telefono valido.'],
      birth_date: ['La data di nascita non può essere nel futuro.'],
      privacy_consent: ['Devi accettare l’informativa sulla privacy.'],
    });
    expect(response.body.errors.password).toContain('La password deve contenere almeno 8 caratteri.');
    expect(await db.user.count()).toBe(before);
  });

  it('reports mismatched passwords on the confirmation field', async () => {
    const response = await request(app).post('/api/auth/register').send({ ...newAccount(), password_confirmation: 'Altra2026' }).expect(422);
    expect(response.body.errors).toEqual({ password_confirmation: ['Le password non coincidono.'] });
  });

  it('blocks login until the address is verified, then the link verifies it once only', async () => {
    const account = newAccount();
    await request(app).post('/api/auth/register').send(account).expect(201);
    const blocked = await request(app).post('/api/auth/login').send({ email: account.email, password: account.password }).expect(403);
    expect(blocked.body.message).toBe(AUTH_MESSAGES.emailNotVerified);

    const [id, token] = linkIn(await mail.waitFor(account.email), `${WEB}/verify-email/`).slice(`${WEB}/verify-email/`.length).split('/');
    const verified = await request(app).post('/api/auth/verify-email').send({ id, token }).expect(200);
    expect(verified.body.message).toBe(AUTH_MESSAGES.emailVerified);
    const again = await request(app).post('/api/auth/verify-email').send({ id, token }).expect(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.verificationInvalid);
    await request(app).post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200);
  });

  it('rejects a forged token, a token for another user and an expired token', async () => {
    const account = newAccount();
    const { body } = await request(app).post('/api/auth/register').send(account).expect(201);
    const [, token] = linkIn(await mail.waitFor(account.email), `${WEB}/verify-email/`).slice(`${WEB}/verify-email/`.length).split('/');
    await request(app).post('/api/auth/verify-email').send({ id: body.user.id, token: 'x'.repeat(43) }).expect(400);
    await request(app).post('/api/auth/verify-email').send({ id: body.user.id + 1000, token }).expect(400);
    await db.userToken.updateMany({ where: { userId: body.user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await request(app).post('/api/auth/verify-email').send({ id: body.user.id, token }).expect(400);
  });

  it('resends a verification link only to unverified accounts, with one answer for every address', async () => {
    const account = newAccount();
    await request(app).post('/api/auth/register').send(account).expect(201);
    const first = linkIn(await mail.waitFor(account.email), `${WEB}/verify-email/`);
    const known = await request(app).post('/api/auth/resend-verification').send({ email: account.email }).expect(200);
    const unknown = await request(app).post('/api/auth/resend-verification').send({ email: 'nessuno@esempio.it' }).expect(200);
    expect(known.body).toEqual(unknown.body);
    const second = linkIn(await mail.waitFor(account.email), `${WEB}/verify-email/`);
    expect(second).not.toBe(first);
    const [id, oldToken] = first.slice(`${WEB}/verify-email/`.length).split('/');
    await request(app).post('/api/auth/verify-email').send({ id, token: oldToken }).expect(400); // replaced by the new link
  });
});

describe('login', () => {
  it('returns a token, the remember flag and the user with role permissions', async () => {
    const response = await request(app).post('/api/auth/login').send({ email: DEMO.staff, password: 'Demo2026!', remember: true }).expect(200);
    expect(response.body).toMatchObject({
      remember_me: true,
      user: { email: DEMO.staff, role: 'staff', role_display_name: 'Staff', is_admin: false, permissions: { can_view_admin: true, can_view_bookings: true, can_view_transactions: false, can_modify_users: false } },
    });
    const decoded = jwt.decode(response.body.access_token, { complete: true });
    expect(decoded?.header.alg).toBe('HS256');
  });

  it('gives one generic message for a wrong password and for an unknown e-mail', async () => {
    const wrongPassword = await request(app).post('/api/auth/login').send({ email: DEMO.user, password: 'sbagliata1' }).expect(401);
    const unknown = await request(app).post('/api/auth/login').send({ email: 'ignoto@esempio.it', password: 'sbagliata1' }).expect(401);
    expect(wrongPassword.body).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('rate-limits repeated failures per account with 429 and a retry time, even for the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt++) await request(app).post('/api/auth/login').send({ email: DEMO.user, password: 'sbagliata1' }).expect(401);
    const limited = await request(app).post('/api/auth/login').send({ email: DEMO.user, password: 'Demo2026!' }).expect(429);
    expect(limited.body.message).toMatch(/^Troppi tentativi di accesso\. Riprova tra 1[45] minuti\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('rate-limits repeated failures from one address across accounts', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      await request(app).post('/api/auth/login').send({ email: `provo${attempt}@esempio.it`, password: 'sbagliata1' }).expect(401);
    }
    await request(app).post('/api/auth/login').send({ email: DEMO.admin, password: 'Demo2026!' }).expect(429);
  });
});

describe('sessions: profile, refresh, logout', () => {
  it('serves the profile to the token holder', async () => {
    const token = await loginAs(app, DEMO.admin);
    const { body } = await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${token}`).expect(200);
    expect(body).toMatchObject({ email: DEMO.admin, role: 'admin', is_admin: true, permissions: { can_view_admin: true, can_view_transactions: true, can_modify_users: true, can_view_bookings: true } });
  });

  it('refreshes a remember-me session and rotates: the previous token stops working at once', async () => {
    const token = await loginAs(app, DEMO.user, { remember: true });
    const refreshed = await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${token}`).expect(200);
    expect(refreshed.body.user.email).toBe(DEMO.user);
    expect(refreshed.body.access_token).not.toBe(token);
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${token}`).expect(401);
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${refreshed.body.access_token}`).expect(200);
    const again = await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${refreshed.body.access_token}`).expect(200);
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${refreshed.body.access_token}`).expect(401);
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${again.body.access_token}`).expect(200);
  });

  it('ends the whole session when a rotated token is presented again (reuse detection)', async () => {
    const token = await loginAs(app, DEMO.user, { remember: true });
    const { sid } = jwt.decode(token) as jwt.JwtPayload;
    const refreshed = await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${token}`).expect(200);
    await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${token}`).expect(401);
    expect((await db.authSession.findUniqueOrThrow({ where: { id: sid as string } })).revokedAt).not.toBeNull();
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${refreshed.body.access_token}`).expect(401);
    await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${refreshed.body.access_token}`).expect(401);
  });

  it('lets one of two simultaneous refreshes with the same token win, and ends the session for the other', async () => {
    const token = await loginAs(app, DEMO.user, { remember: true });
    const answers = await Promise.all([1, 2].map(() => request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${token}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200)!;
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${winner.body.access_token}`).expect(401);
  });

  it('refreshes an expired token of a remember-me session, which no other route accepts', async () => {
    const token = await loginAs(app, DEMO.user, { remember: true });
    const claims = jwt.decode(token) as jwt.JwtPayload;
    const expired = jwt.sign({ sid: claims.sid, exp: Math.floor(Date.now() / 1000) - 60 }, config.JWT_SECRET, { algorithm: 'HS256', issuer: claims.iss, audience: claims.aud as string, subject: claims.sub, jwtid: claims.jti });
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${expired}`).expect(401);
    await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${expired}`).expect(200);
  });

  it('does not refresh a session without remember-me', async () => {
    const token = await loginAs(app, DEMO.user);
    await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('ends the session at logout: the token stops working and cannot be refreshed', async () => {
    const token = await loginAs(app, DEMO.user, { remember: true });
    await request(app).post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${token}`).expect(401);
    await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('rejects tokens signed with another algorithm, another secret, or none', async () => {
    const token = await loginAs(app, DEMO.admin);
    const claims = jwt.decode(token) as jwt.JwtPayload;
    const { iat: _iat, ...payload } = claims;
    const forgeries = [
      jwt.sign(payload, config.JWT_SECRET, { algorithm: 'HS512' }),
      jwt.sign(payload, 'another-secret-that-is-at-least-32-chars', { algorithm: 'HS256' }),
      jwt.sign(payload, '', { algorithm: 'none' }),
      `${token.slice(0, -4)}AAAA`,
    ];
    for (const forged of forgeries) {
      await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${forged}`).expect(401);
      await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${forged}`).expect(401);
    }
  });

  it('accepts a token only for its own user, while the session is open and the account enabled', async () => {
    const account = await registerAndVerify();
    const user = await db.user.findUniqueOrThrow({ where: { email: account.email } });
    const token = await loginAs(app, account.email, { password: account.password });
    const claims = jwt.decode(token) as jwt.JwtPayload;
    const profile = (bearer: string) => request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${bearer}`);
    await profile(token).expect(200);
    // Validly signed, naming this session but another user.
    const otherUser = jwt.sign({ sid: claims.sid }, config.JWT_SECRET, { algorithm: 'HS256', expiresIn: 600, issuer: claims.iss, audience: claims.aud as string, subject: String((await db.user.findFirstOrThrow({ where: { email: DEMO.user } })).id), jwtid: claims.jti });
    await profile(otherUser).expect(401);
    await db.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    await profile(token).expect(401);
    await db.user.update({ where: { id: user.id }, data: { disabledAt: null } });
    await profile(token).expect(200);
    await db.authSession.update({ where: { id: claims.sid as string }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await profile(token).expect(401);
  });
});

describe('password reset and change', () => {
  it('answers forgot-password the same for known and unknown addresses, mailing only the known one', async () => {
    const account = await registerAndVerify();
    const known = await request(app).post('/api/auth/forgot-password').send({ email: account.email }).expect(200);
    const unknown = await request(app).post('/api/auth/forgot-password').send({ email: 'nessuno@esempio.it' }).expect(200);
    expect(known.body).toEqual({ message: AUTH_MESSAGES.resetSent });
    expect(unknown.body).toEqual(known.body);
    await mail.waitFor(account.email);
    await deps.jobs.waitUntilIdle(); // a message to the unknown address, if queued, would be out by now
    await expect(mail.waitFor('nessuno@esempio.it', 300)).rejects.toThrow();
  });

  it('resets the password once with the mailed link, ending every session', async () => {
    const account = await registerAndVerify();
    const oldToken = await loginAs(app, account.email, { password: account.password, remember: true });
    await request(app).post('/api/auth/forgot-password').send({ email: account.email }).expect(200);
    const token = new URL(linkIn(await mail.waitFor(account.email), `${WEB}/reset-password?token=`)).searchParams.get('token')!;

    const weak = await request(app).post('/api/auth/reset-password').send({ token, password: 'solo-lettere', password_confirmation: 'solo-lettere' }).expect(422);
    expect(weak.body.errors.password).toEqual(['La password deve contenere almeno un numero.']);
    const reset = await request(app).post('/api/auth/reset-password').send({ token, password: 'Onde2027x', password_confirmation: 'Onde2027x' }).expect(200);
    expect(reset.body.message).toBe(AUTH_MESSAGES.passwordReset);
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${oldToken}`).expect(401);
    await request(app).post('/api/auth/refresh').set('Authorization', `Bearer ${oldToken}`).expect(401);
    await request(app).post('/api/auth/login').send({ email: account.email, password: account.password }).expect(401);
    await loginAs(app, account.email, { password: 'Onde2027x' });
    const reused = await request(app).post('/api/auth/reset-password').send({ token, password: 'Onde2028x', password_confirmation: 'Onde2028x' }).expect(400);
    expect(reused.body.message).toBe(AUTH_MESSAGES.resetInvalid);
  });

  it('refuses an expired reset link and stores only the hash of the token', async () => {
    const account = await registerAndVerify();
    await request(app).post('/api/auth/forgot-password').send({ email: account.email }).expect(200);
    const token = new URL(linkIn(await mail.waitFor(account.email), `${WEB}/reset-password?token=`)).searchParams.get('token')!;
    const stored = await db.userToken.findMany({ where: { purpose: 'password_reset', user: { email: account.email } } });
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
    // expires_at comes from the API's clock, created_at from the database's: allow a little skew.
    expect(Math.abs(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime() - 60 * 60 * 1000)).toBeLessThan(5000);
    await db.userToken.updateMany({ where: { purpose: 'password_reset', user: { email: account.email } }, data: { expiresAt: new Date(Date.now() - 1) } });
    await request(app).post('/api/auth/reset-password').send({ token, password: 'Onde2027x', password_confirmation: 'Onde2027x' }).expect(400);
  });

  it('sends at most 5 reset e-mails an hour to one account, answering every request the same', async () => {
    const account = await registerAndVerify();
    const answers = [];
    for (let request_ = 0; request_ < 7; request_++) answers.push((await request(app).post('/api/auth/forgot-password').send({ email: account.email }).expect(200)).body);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    for (let sent = 0; sent < 5; sent++) await mail.waitFor(account.email);
    await deps.jobs.waitUntilIdle();
    await expect(mail.waitFor(account.email, 500)).rejects.toThrow();
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const account = await registerAndVerify();
    const current = await loginAs(app, account.email, { password: account.password });
    const other = await loginAs(app, account.email, { password: account.password });
    const wrong = await request(app).put('/api/auth/password').set('Authorization', `Bearer ${current}`).send({ current_password: 'sbagliata1', password: 'Nuova2027', password_confirmation: 'Nuova2027' }).expect(422);
    expect(wrong.body.errors).toEqual({ current_password: [AUTH_MESSAGES.wrongCurrentPassword] });
    await request(app).put('/api/auth/password').set('Authorization', `Bearer ${current}`).send({ current_password: account.password, password: 'Nuova2027', password_confirmation: 'Nuova2027' }).expect(200);
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${current}`).expect(200);
    await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${other}`).expect(401);
  });
});

describe('own profile', () => {
  it('updates name, phone and birth date of the caller only', async () => {
    const account = await registerAndVerify();
    const token = await loginAs(app, account.email, { password: account.password });
    const { body } = await request(app).put('/api/auth/user-profile').set('Authorization', `Bearer ${token}`).send({ first_name: 'Martina', last_name: 'Bianchi', phone: null, birth_date: '1995-04-13' }).expect(200);
    expect(body).toMatchObject({ first_name: 'Martina', phone: null, birth_date: '1995-04-13', email: account.email });
    const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO.user } });
    expect(demo.firstName).toBe('Giulia');
  });
});
