// The ways money was lost or taken twice before the ledger, each tried as a member and the desk would,
// through the real database, the API, the job queue, SMTP on loopback and the Stripe double. Each failed
// on the code before the ledger (docs/domain.md#ledger); the two mail pacers' total rate is proved in
// broadcasts/bulk-mail-rate.test.ts.
import { RECONCILIATION_CHECKS, type TReconciliation } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { moneyOfBooking, sharesOf } from '../bookings/booking-money.js';

const mail = await startMailCatcher();
const { app, db, deps, services, stripe } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: 'http://web.example.test' }, { stripe: true });
const double = stripe!;

const today = todayInRome();
let day = 0;
/** Each scenario books its own day ahead of one date taken at the start. */
const nextDay = () => addDays(today, ++day);
const bearer = (who: TestMember | string) => ({ Authorization: `Bearer ${typeof who === 'string' ? who : who.token}` });
const sessionIdOf = (url: string) => url.split('/').pop()!;
/** A message as read, with the non-breaking space before the euro sign made plain. */
const plain = (text: string | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

let staff: string;
let admin: string;
let staffId: number;
let court: number;
beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
  staffId = (await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } })).id;
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 30, maxFutureBookings: 20, freeCancellationHours: 24, paymentHoldMinutes: 15, splitDeadlineHours: 2 } });
});

const member = (firstName: string) => createMember(db, { firstName, lastName: 'Prova' });
const statementOf = async (who: TestMember) => (await request(app).get('/api/me/credit').set(bearer(who)).expect(200)).body;
/** A 20 € day slot held by the member on a day of its own. */
const hold = async (who: TestMember, date = nextDay(), start = '10:30') =>
  (await request(app).post('/api/bookings').set(bearer(who)).send({ date, court_id: court, start }).expect(201)).body.booking.id as number;
const addPlayer = (organiser: TestMember, bookingId: number, player: TestMember) => request(app).post(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).send({ user_id: player.id }).expect(201);
const shareIdOf = async (bookingId: number, player: TestMember) => (await db.bookingPlayer.findFirstOrThrow({ where: { bookingId, userId: player.id } })).id;
const payCheckout = async (url: string) => {
  await double.pay(sessionIdOf(url));
  await deps.jobs.waitUntilIdle(60_000);
};
const cardCheckout = async (who: TestMember, bookingId: number, body: Record<string, unknown> = {}) =>
  (await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(who)).send(body).expect(200)).body.checkout_url as string;
const deskView = async (bookingId: number) => (await request(app).get(`/api/admin/bookings/${bookingId}`).set(bearer(staff)).expect(200)).body;
const paymentIntentOf = async (sessionUrl: string) => (await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionIdOf(sessionUrl) } })).stripePaymentIntentId!;

describe('money that is never taken twice nor lost', () => {
  it('1. the desk collects the players’ shares too, and a player cannot then pay theirs again', async () => {
    const organiser = await member('Orsola');
    const friend = await member('Franco');
    await deskTopUp(app, staff, organiser, '10.00');
    await deskTopUp(app, staff, friend, '10.00');
    const bookingId = await hold(organiser);
    await addPlayer(organiser, bookingId, friend);
    await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(organiser)).expect(200);
    const before = await deskView(bookingId);
    expect(before).toMatchObject({ paid: '10.00', owed: '10.00' });

    await request(app).post(`/api/admin/bookings/${bookingId}/mark-paid`).set(bearer(staff)).send({ method: 'cash' }).expect(200);
    const after = await deskView(bookingId);
    expect(after).toMatchObject({ paid: '20.00', owed: '0.00', payment_state: 'paid' });
    const shareId = await shareIdOf(bookingId, friend);
    const refused = await request(app).post(`/api/booking-shares/${shareId}/pay-with-credit`).set(bearer(friend)).expect(409);
    expect(refused.body.message).toBe('Questa quota non è da pagare.');
    expect((await statementOf(friend)).balance).toBe('10.00');
    const desk = await db.transaction.findMany({ where: { bookingId, method: 'cash' } });
    expect(desk.map((row) => row.amountCents)).toEqual([1000]);
  });

  it('2. credit given as a gift is spent, never paid out: the cash refund finds no money paid in', async () => {
    const who = await member('Gino');
    await deskTopUp(app, staff, who, '20.00');
    const bookingId = await hold(who);
    await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(who)).expect(200);
    await request(app).post(`/api/admin/users/${who.id}/credit/adjustment`).set(bearer(staff)).send({ amount: '20.00', reason: 'Bonus fedeltà' }).expect(200);
    const refund = await request(app).post(`/api/admin/users/${who.id}/credit/refund`).set(bearer(staff)).send({ method: 'cash' }).expect(422);
    expect(refund.body.message).toBe('Non ci sono ricariche fatte in segreteria da rimborsare in contanti: quelle online si rimborsano sulla carta.');
    const statement = await statementOf(who);
    expect(statement).toMatchObject({ balance: '20.00', refundable: '0.00' });
    expect(await db.transaction.count({ where: { userId: who.id, type: 'refund' } })).toBe(0);
  });

  it('3. staff add credit only within the limit and never on their own account; the day’s corrections are listed', async () => {
    const who = await member('Carla');
    const correct = (token: string, id: number, amount: string) => request(app).post(`/api/admin/users/${id}/credit/adjustment`).set(bearer(token)).send({ amount, reason: 'Prova limiti' });
    expect((await correct(staff, who.id, '999999.99').expect(422)).body.errors.amount).toEqual(['Una rettifica può essere al massimo di 1.000,00 €.']);
    expect((await correct(staff, staffId, '500.00').expect(403)).body.message).toBe('Non puoi rettificare il tuo credito: chiedi a un amministratore.');
    expect(plain((await correct(staff, who.id, '60.00').expect(403)).body.message)).toBe('Oltre 50,00 € di credito in più al giorno la rettifica la fa un amministratore.');
    await correct(staff, who.id, '20.00').expect(200);
    await correct(admin, who.id, '60.00').expect(200);
    expect((await statementOf(who)).balance).toBe('80.00');
    const day = await request(app).get('/api/admin/credit/corrections').set(bearer(staff)).expect(200);
    const mine = day.body.data.filter((row: { member: { id: number } }) => row.member.id === who.id);
    expect(mine.map((row: { amount: string }) => row.amount).sort()).toEqual(['20.00', '60.00']);
  });

  it('4. a carnet use pays the organiser’s share (the players still owe theirs), or the whole court when its rules say so', async () => {
    const organiser = await member('Ornella');
    const players = await Promise.all(['Pia', 'Quinto', 'Rita'].map(member));
    const product = async (covers: 'share' | 'court', uses = 10) =>
      (await request(app).post('/api/admin/carnet-products').set(bearer(admin)).send({ name: `${uses} ingressi ${covers}`, uses, band: 'any', covers, court_ids: [], price: '150.00', valid_from: today, valid_until: addDays(today, 200) }).expect(201)).body.id as number;
    const sell = async (productId: number) => request(app).post(`/api/admin/users/${organiser.id}/carnets`).set(bearer(staff)).send({ product_id: productId, method: 'cash' }).expect(201);
    await sell(await product('share', 1));

    const first = await hold(organiser);
    for (const player of players) await addPlayer(organiser, first, player);
    const paid = await request(app).post(`/api/bookings/${first}/pay-with-carnet`).set(bearer(organiser)).expect(200);
    expect(paid.body.message).toBe('La tua quota è pagata con un ingresso del carnet: gli altri giocatori pagano la loro.');
    expect(await deskView(first)).toMatchObject({ paid: '5.00', owed: '15.00', paid_with: 'carnet' });
    const share = (await request(app).get(`/api/booking-shares/${await shareIdOf(first, players[0]!)}`).set(bearer(players[0]!)).expect(200)).body;
    expect(share).toMatchObject({ share: '5.00', can_pay: true });

    await sell(await product('court'));
    const second = await hold(organiser);
    for (const player of players) await addPlayer(organiser, second, player);
    // The older carnet, which pays a share only, is used up: the one covering the court pays.
    const court = await request(app).post(`/api/bookings/${second}/pay-with-carnet`).set(bearer(organiser)).expect(200);
    expect(court.body.message).toBe('Campo pagato con un ingresso del carnet: vale per tutti i giocatori.');
    expect(await deskView(second)).toMatchObject({ paid: '20.00', owed: '0.00', payment_state: 'paid' });
    const shares = await db.bookingPlayer.findMany({ where: { bookingId: second } });
    expect(shares.map((row) => row.paidWith)).toEqual(['carnet', 'carnet', 'carnet']);
  });

  it('5. the rain check returns every paid share to its payer’s credit, as its dialog says, and tells the unpaid players', async () => {
    const organiser = await member('Renata');
    const [payer, unpaid] = await Promise.all([member('Sandro'), member('Tina')]);
    const date = nextDay();
    const bookingId = await hold(organiser, date, '16:30');
    await addPlayer(organiser, bookingId, payer);
    await addPlayer(organiser, bookingId, unpaid);
    await payCheckout(await cardCheckout(organiser, bookingId));
    await services.bookingPlayers.runShareJob();
    const checkout = (await request(app).post(`/api/booking-shares/${await shareIdOf(bookingId, payer)}/checkout`).set(bearer(payer)).expect(200)).body.checkout_url;
    await payCheckout(checkout);

    const range = { date, from: '16:30', to: '18:00', court_ids: [court], return_to: 'credit' };
    const preview = (await request(app).post('/api/admin/rain-checks/preview').set(bearer(staff)).send(range).expect(200)).body;
    const hit = preview.bookings.find((row: { booking_id: number }) => row.booking_id === bookingId);
    expect(hit).toMatchObject({ amount: '13.34', outcome: 'credit' });

    mail.messages.length = 0;
    await request(app).post('/api/admin/rain-checks').set(bearer(staff)).send(range).expect(202);
    await deps.jobs.waitUntilIdle(90_000);
    expect((await statementOf(payer)).balance).toBe('6.66');
    expect((await statementOf(organiser)).balance).toBe('6.68');
    expect(await db.stripeRequest.count({ where: { kind: 'refund', payment: { bookingPlayerId: { not: null }, userId: payer.id } } })).toBe(0);
    const to = (who: TestMember) => mail.messages.filter((message) => JSON.stringify(message.to).includes(who.email));
    expect(to(payer).map((message) => message.subject)).toEqual([expect.stringContaining('annullata per maltempo')]);
    expect(plain(to(payer)[0]!.text)).toContain('(la tua quota): 6,66 € restituiti sul tuo credito');
    expect(plain(to(payer)[0]!.text)).not.toContain('hai annullato in tempo');
    expect(plain(to(unpaid)[0]!.text)).toContain('(la tua quota): non era ancora pagata');
    const share = (await request(app).get(`/api/booking-shares/${await shareIdOf(bookingId, unpaid)}`).set(bearer(unpaid)).expect(200)).body;
    expect(share.can_pay).toBe(false);
  });

  it('6. a refund Stripe refuses halfway leaves nothing paid twice; refunds started on Stripe’s dashboard take back the credit and the carnet', async () => {
    const who = await member('Ugo');
    const topUp = async (amount: string) => {
      const url = (await request(app).post('/api/me/credit/top-up').set(bearer(who)).send({ amount }).expect(200)).body.checkout_url;
      await payCheckout(url);
      return paymentIntentOf(url);
    };
    await topUp('20.00');
    const second = await topUp('30.00');
    double.failRefundsFor(second);
    let refund: request.Response;
    try {
      refund = await request(app).post(`/api/admin/users/${who.id}/credit/refund`).set(bearer(staff)).send({ method: 'card' }).expect(200);
    } finally {
      double.clearFailures();
    }
    expect(plain(refund.body.message)).toBe('Rimborsati 20,00 € sulla carta su 50,00 €: Stripe ha rifiutato il resto, che resta nel credito.');
    await deps.jobs.waitUntilIdle(60_000);
    expect((await statementOf(who)).balance).toBe('30.00');
    expect(await db.transaction.count({ where: { userId: who.id, type: 'refund' } })).toBe(1);

    // The bank gives back the 30 € top-up after 20 € of it were spent: the 10 € left go, 20 € are owed.
    const bookingId = await hold(who);
    await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(who)).send({}).expect(200);
    await deps.jobs.waitUntilIdle(60_000);
    await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(who)).expect(200);
    expect((await statementOf(who)).balance).toBe('10.00');
    await double.refundFromDashboard(second);
    await expect.poll(async () => (await statementOf(who)).owed).toBe('20.00');
    expect((await statementOf(who)).balance).toBe('0.00');

    // A carnet bought online and refunded on the dashboard loses its value and its uses.
    const productId = (await request(app).post('/api/admin/carnet-products').set(bearer(admin)).send({ name: 'Cinque ingressi', uses: 5, band: 'any', court_ids: [], price: '50.00', valid_from: today, valid_until: addDays(today, 100) }).expect(201)).body.id;
    const buyer = await member('Vera');
    const url = (await request(app).post('/api/me/carnets/checkout').set(bearer(buyer)).send({ product_id: productId }).expect(200)).body.checkout_url;
    await payCheckout(url);
    await double.refundFromDashboard(await paymentIntentOf(url));
    await expect.poll(async () => (await request(app).get('/api/me/carnets').set(bearer(buyer)).expect(200)).body.data[0].uses_left).toBe(0);
  });

  it('7. a player leaving never overwrites a share already paid: what they owed passes to those who still owe', async () => {
    const organiser = await member('Walter');
    const [paid, leaver, other] = await Promise.all([member('Xena'), member('Yuri'), member('Zelda')]);
    const bookingId = await hold(organiser);
    for (const player of [paid, leaver, other]) await addPlayer(organiser, bookingId, player);
    await payCheckout(await cardCheckout(organiser, bookingId));
    await services.bookingPlayers.runShareJob();
    await deskTopUp(app, staff, paid, '5.00');
    await request(app).post(`/api/booking-shares/${await shareIdOf(bookingId, paid)}/pay-with-credit`).set(bearer(paid)).expect(200);
    await request(app).post(`/api/booking-shares/${await shareIdOf(bookingId, leaver)}/leave`).set(bearer(leaver)).expect(200);

    const shares = await sharesOf(db, [bookingId]);
    expect(shares.get(await shareIdOf(bookingId, paid))).toEqual({ assigned: 500, owed: 0 });
    expect(shares.get(await shareIdOf(bookingId, other))).toEqual({ assigned: 1000, owed: 1000 });
    expect(await moneyOfBooking(db, bookingId)).toMatchObject({ paid: 1000, owed: 1000 });
  });

  it('8. a payment refunded in part on Stripe’s dashboard gives the rest back when cancelled in time', async () => {
    const who = await member('Alba');
    const bookingId = await hold(who, addDays(today, 20));
    const url = await cardCheckout(who, bookingId);
    await payCheckout(url);
    const intent = await paymentIntentOf(url);
    await double.refundFromDashboard(intent, 500);
    await expect.poll(async () => (await deskView(bookingId)).owed).toBe('5.00');
    await request(app).post(`/api/bookings/${bookingId}/cancel`).set(bearer(who)).expect(200);
    await deps.jobs.waitUntilIdle(60_000);
    const refunds = await db.transaction.findMany({ where: { bookingId, type: 'refund' }, orderBy: { id: 'asc' } });
    expect(refunds.map((row) => row.amountCents)).toEqual([500, 1500]);
    expect((await deskView(bookingId)).refunded).toBe('20.00');
  });

  it('9. a coupon’s use comes back when a lapsed hold is let go because someone else takes its slot', async () => {
    const code = `UNO${Date.now() % 100000}`;
    const coupon = (await request(app).post('/api/admin/booking-coupons').set(bearer(admin)).send({ code, discount_type: 'fixed', discount_value: '2.00', band: 'any', usage_limit: 1, per_member_limit: null, is_active: true }).expect(201)).body;
    const [first, second] = await Promise.all([member('Bice'), member('Ciro')]);
    const date = nextDay();
    const bookingId = await hold(first, date, '12:00');
    await cardCheckout(first, bookingId, { coupon_code: code });
    expect((await db.bookingCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(1);
    await db.booking.update({ where: { id: bookingId }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    await hold(second, date, '12:00');
    expect((await db.bookingCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(0);
    expect((await moneyOfBooking(db, bookingId)).owed).toBe(0);
  });

  it('10. paying with credit alone after setting credit aside for a card checkout spends exactly what is due', async () => {
    const who = await member('Dario');
    await deskTopUp(app, staff, who, '20.00');
    const bookingId = await hold(who);
    await cardCheckout(who, bookingId, { use_credit: true });
    expect(await statementOf(who)).toMatchObject({ balance: '20.00', reserved: '19.50', available: '0.50' });
    await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(who)).expect(200);
    expect(await statementOf(who)).toMatchObject({ balance: '0.00', reserved: '0.00' });
    expect(await deskView(bookingId)).toMatchObject({ status: 'confirmed', paid: '20.00', owed: '0.00' });
  });

  it('11. the books cannot be rewritten: postings and entries refuse changes and deletions', async () => {
    await expect(db.$executeRaw`DELETE FROM ledger_postings`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`UPDATE ledger_entries SET booking_id = NULL`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`UPDATE ledger_entries SET created_at = now()`).rejects.toThrow(/cannot be changed/);
  });

  it('and after all of it the books prove themselves', async () => {
    const result = (await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation;
    expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    // Every check was made (Stripe's included), and the verdict says so.
    expect(result.checks.map((check) => check.name)).toEqual([...RECONCILIATION_CHECKS]);
    expect(result.ok).toBe(true);
  });
});
