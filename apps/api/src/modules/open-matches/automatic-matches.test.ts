// Automatic matches through the real database and the Stripe double: the admin's rules (admin only, checked in
// Italian), the empty slots they offer (not one booked by someone else, not when the rule is off), the first
// player who holds the court and pays their part in one step, two first players at once (one match, one
// refused), and the cut-off job returning every part once as for any match.
import { moneyToCents } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';

const { app, db, deps, services, stripe } = await useTestApp({}, { stripe: true });
const logins = useBackOfficeLogins(app);
const today = todayInRome();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const balanceOf = async (member: TestMember) => moneyToCents((await request(app).get('/api/me/credit').set(bearer(member.token)).expect(200)).body.balance);
const isoWeekday = (date: string) => fromIsoDate(date).getUTCDay() || 7;

let courts: { C2: number; C3: number; C4: number };
beforeAll(async () => {
  const [C2, C3, C4] = await Promise.all(['C2', 'C3', 'C4'].map(async (code) => (await db.court.findUniqueOrThrow({ where: { code } })).id));
  courts = { C2: C2!, C3: C3!, C4: C4! };
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, paymentHoldMinutes: 15, openMatchCutoffHours: 6 } });
});

const ruleBody = (date: string, courtIds: number[], extra: Record<string, unknown> = {}) => ({
  name: 'Mattine', active: true, court_ids: courtIds, weekdays: [isoWeekday(date)], from_time: '09:00', to_time: '12:00', format: 'volley_2x2', competitive: false, level_min: null, level_max: null, gender: 'open', ...extra,
});
const createRule = async (body: Record<string, unknown>) => (await request(app).post('/api/admin/automatic-matches').set(bearer(logins.admin)).send(body).expect(201)).body;
const slotsOn = async (member: TestMember, date: string) => (await request(app).get(`/api/open-matches/automatic?date=${date}`).set(bearer(member.token)).expect(200)).body.data;
const joinFirst = (member: TestMember, slot: Record<string, unknown>, payWith: 'credit' | 'card' = 'credit') => request(app).post('/api/open-matches/automatic/join').set(bearer(member.token)).send({ ...slot, pay_with: payWith });
const topUp = (member: TestMember, amount: string) => deskTopUp(app, logins.staff, member, amount);
const member = (lastName: string) => createMember(db, { lastName });

describe('automatic-match rules', () => {
  it('are the admin’s only, checked with Italian field messages, turned on and off and removed', async () => {
    const date = addDays(today, 3);
    const anna = await member('Regole');
    await request(app).get('/api/admin/automatic-matches').set(bearer(anna.token)).expect(403);
    await request(app).post('/api/admin/automatic-matches').set(bearer(logins.staff)).send(ruleBody(date, [courts.C4])).expect(403);
    const refused = await request(app).post('/api/admin/automatic-matches').set(bearer(logins.admin)).send(ruleBody(date, [], { from_time: '14:00', to_time: '09:00', competitive: true })).expect(422);
    expect(refused.body.errors).toMatchObject({
      court_ids: ['Scegli almeno un campo.'],
      to_time: ['L’orario di fine viene dopo quello di inizio.'],
      level_max: ['Una partita competitiva ha un livello minimo e uno massimo, il minimo non sopra il massimo.'],
    });
    expect((await request(app).post('/api/admin/automatic-matches').set(bearer(logins.admin)).send(ruleBody(date, [999_999])).expect(422)).body.errors.court_ids).toEqual(['Uno dei campi scelti non esiste.']);
    const rule = await createRule(ruleBody(date, [courts.C4], { competitive: true, level_min: 2.5, level_max: 4 }));
    expect(rule).toMatchObject({ active: true, court_ids: [courts.C4], level_min: 2.5, level_max: 4 });
    const off = await request(app).put(`/api/admin/automatic-matches/${rule.id}`).set(bearer(logins.admin)).send(ruleBody(date, [courts.C4], { active: false })).expect(200);
    expect(off.body).toMatchObject({ active: false, competitive: false, level_min: null });
    expect((await request(app).get('/api/admin/automatic-matches').set(bearer(logins.admin)).expect(200)).body.data.map((row: { id: number }) => row.id)).toContain(rule.id);
    await request(app).delete(`/api/admin/automatic-matches/${rule.id}`).set(bearer(logins.staff)).expect(403);
    await request(app).delete(`/api/admin/automatic-matches/${rule.id}`).set(bearer(logins.admin)).expect(200);
    await request(app).delete(`/api/admin/automatic-matches/${rule.id}`).set(bearer(logins.admin)).expect(404);
  });
});

describe('the slots a rule offers and their first player', () => {
  it('offers the empty slots inside an active rule, not one booked by someone else, none once the rule is off', async () => {
    const date = addDays(today, 4);
    const [anna, bruno] = await Promise.all([member('Offerti'), member('Offerti')]);
    const rule = await createRule(ruleBody(date, [courts.C2, courts.C3]));
    const offered = await slotsOn(anna, date);
    expect(offered.map((slot: { court: string; start: string }) => `${slot.court} ${slot.start}`)).toEqual(['Campo C2 09:00', 'Campo C3 09:00', 'Campo C2 10:30', 'Campo C3 10:30']);
    expect(offered[0]).toMatchObject({ rule_id: rule.id, format: 'volley_2x2', players_count: 4, competitive: false, end: '10:30' });
    // Someone books C3 at 10:30 the ordinary way: that slot is no longer a match to join.
    await request(app).post('/api/bookings').set(bearer(bruno.token)).send({ date, court_id: courts.C3, start: '10:30' }).expect(201);
    expect((await slotsOn(anna, date)).map((slot: { court: string; start: string }) => `${slot.court} ${slot.start}`)).toEqual(['Campo C2 09:00', 'Campo C3 09:00', 'Campo C2 10:30']);
    await joinFirst(anna, { rule_id: rule.id, court_id: courts.C3, date, start: '10:30' }).expect(409);
    await request(app).put(`/api/admin/automatic-matches/${rule.id}`).set(bearer(logins.admin)).send(ruleBody(date, [courts.C2, courts.C3], { active: false })).expect(200);
    expect(await slotsOn(anna, date)).toEqual([]);
  });

  it('keeps a competitive slot for a first player inside its range: "at my level" leaves it out, joining it is refused', async () => {
    const date = addDays(today, 1);
    const anna = await member('Livello');
    await topUp(anna, '20.00');
    const rule = await createRule(ruleBody(date, [courts.C4], { competitive: true, level_min: 2, level_max: 4, to_time: '10:30' }));
    expect(await slotsOn(anna, date)).toHaveLength(1);
    expect((await request(app).get(`/api/open-matches/automatic?date=${date}&at_my_level=true`).set(bearer(anna.token)).expect(200)).body.data).toEqual([]);
    const refused = await joinFirst(anna, { rule_id: rule.id, court_id: courts.C4, date, start: '09:00' }).expect(409);
    expect(refused.body.message).toBe('Il tuo livello non rientra in quello della partita: il primo giocatore di una partita automatica deve rientrarci.');
    expect(await db.booking.count({ where: { userId: anna.id } })).toBe(0);
  });

  it('lets the first player hold the court and pay their part by credit in one step; the others join as for any match', async () => {
    const date = addDays(today, 5);
    const [anna, bruno, carla] = await Promise.all([member('Primo'), member('Primo'), member('Primo')]);
    const rule = await createRule(ruleBody(date, [courts.C2]));
    const [slot] = await slotsOn(anna, date);
    const chosen = { rule_id: rule.id, court_id: courts.C2, date, start: slot.start };
    // Not enough credit: nothing is written, the slot is still offered.
    await joinFirst(anna, chosen).expect(409);
    expect(await db.booking.count({ where: { userId: anna.id } })).toBe(0);
    await topUp(anna, String(moneyToCents(slot.part) / 100));
    const joined = await joinFirst(anna, chosen).expect(201);
    expect(joined.body).toMatchObject({ paid: true, match: { places_left: 3, part: slot.part, players: [{ user_id: anna.id, is_me: true }] } });
    expect(await db.booking.findUniqueOrThrow({ where: { id: joined.body.booking_id } })).toMatchObject({ status: 'confirmed', userId: anna.id });
    expect(await balanceOf(anna)).toBe(0);
    expect((await slotsOn(bruno, date)).some((offered: { court_id: number; start: string }) => offered.court_id === courts.C2 && offered.start === slot.start)).toBe(false);
    const listed = (await request(app).get(`/api/open-matches?date=${date}`).set(bearer(bruno.token)).expect(200)).body.data;
    expect(listed.map((match: { id: number }) => match.id)).toContain(joined.body.match.id);
    await topUp(bruno, '5.00');
    await request(app).post(`/api/open-matches/${joined.body.match.id}/join`).set(bearer(bruno.token)).send({ pay_with: 'credit' }).expect(200);
    // The first player by card goes on to the hold's payment page, as any organiser.
    const [another] = await slotsOn(carla, date);
    const byCard = await joinFirst(carla, { rule_id: rule.id, court_id: courts.C2, date, start: another.start }, 'card').expect(201);
    expect(byCard.body.paid).toBe(false);
    const checkout = await request(app).post(`/api/bookings/${byCard.body.booking_id}/checkout`).set(bearer(carla.token)).send({}).expect(200);
    await stripe!.pay(checkout.body.checkout_url.split('/').pop());
    await expect.poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: byCard.body.booking_id } })).status).toBe('confirmed');
  });

  it('gives a slot two first players ask for at once to exactly one of them, and the cut-off returns every part once', async () => {
    const date = addDays(today, 6);
    const [anna, bruno] = await Promise.all([member('Gara'), member('Gara')]);
    const rule = await createRule(ruleBody(date, [courts.C3], { to_time: '10:30' }));
    const [slot] = await slotsOn(anna, date);
    await Promise.all([topUp(anna, '10.00'), topUp(bruno, '10.00')]);
    const chosen = { rule_id: rule.id, court_id: courts.C3, date, start: slot.start };
    const answers = await Promise.all([joinFirst(anna, chosen), joinFirst(bruno, chosen)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const matches = await db.openMatch.findMany({ where: { booking: { courtId: courts.C3 } } });
    expect(matches).toHaveLength(1);
    const winner = answers[0]!.status === 201 ? anna : bruno;
    const loser = winner === anna ? bruno : anna;
    expect(await balanceOf(loser)).toBe(1000);
    await request(app).post(`/api/open-matches/${matches[0]!.id}/join`).set(bearer(loser.token)).send({ pay_with: 'credit' }).expect(200);
    expect(await balanceOf(loser)).toBe(1000 - matches[0]!.partCents);

    const booking = await db.booking.findUniqueOrThrow({ where: { id: matches[0]!.bookingId } });
    const afterCutoff = new Date(booking.startsAt.getTime() - 5 * 3_600_000);
    const runs = await Promise.all([services.openMatches.cancelUnfilled(undefined, afterCutoff), services.openMatches.cancelUnfilled(undefined, afterCutoff)]);
    expect(runs.flatMap((run) => run.cancelled).filter((id) => id === matches[0]!.id)).toEqual([matches[0]!.id]);
    await services.openMatches.cancelUnfilled(undefined, afterCutoff);
    await deps.jobs.waitUntilIdle();
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ status: 'cancelled' });
    expect([await balanceOf(anna), await balanceOf(bruno)]).toEqual([1000, 1000]);
    expect((await services.reconciliation.checks()).filter((check) => !check.ok)).toEqual([]);
  });
});
