// Open matches in the demo (docs/open-matches.md, docs/levels.md): a season of competitive results among the
// demo members, each applied by the levels module's own applyCompetitiveResult (openskill), so every level,
// reliability and history is the real code's; then open matches on the next days at every fill state — one
// place taken of four, two, three (one of them a walk-in without an account), full, and a 4×4 half full —,
// each organiser's part and each player's paid at the desk through the ledger. Nothing dated after `now`.
import type { OpenMatchFormat, Prisma, Sport } from '../generated/prisma/client.js';
import { addDays, instantInRome, todayInRome } from '../lib/time.js';
import type { seededRandom } from '../lib/seeded-random.js';
import { splitShares } from '../modules/bookings/index.js';
import { bookingReceivable, charge, discount, moneyAccount, payment } from '../modules/ledger/index.js';
import { applyCompetitiveResult } from '../modules/levels/index.js';
import { lockOpenMatch, payPlaceAtDesk } from '../modules/open-matches/index.js';
import { readSettings } from '../modules/settings/index.js';

const RESULTS = 150;
const SPORTS: Sport[] = ['beach_volley', 'beach_tennis', 'foot_volley'];
const DAY_MS = 86_400_000;

type Member = { id: number };
type Random = ReturnType<typeof seededRandom>;

/** Results of the last 120 days, a 4×4 every fourth in beach volley, the side with more skill winning more often. */
async function seedSeason(tx: Prisma.TransactionClient, random: Random, now: Date, members: Member[]) {
  const skill = new Map(members.map((member) => [member.id, random.int(1, 100)]));
  for (let index = 0; index < RESULTS; index++) {
    const sport = SPORTS[index % SPORTS.length]!;
    const size = sport === 'beach_volley' && index % 4 === 0 ? 4 : 2;
    const players = new Set<number>();
    while (players.size < 2 * size) players.add(random.pick(members).id);
    const [a, b] = [[...players].slice(0, size), [...players].slice(size)];
    const strength = (team: number[]) => team.reduce((sum, id) => sum + skill.get(id)!, 0);
    const winner = random.int(1, strength(a) + strength(b)) <= strength(a) ? 0 : 1;
    await applyCompetitiveResult(tx, { sport, sourceKey: `demo-season:${index}`, teams: [a, b], winner });
  }
  // Each result's changes dated on its day in the past, oldest first, as if confirmed then.
  const keys = Array.from({ length: RESULTS }, (_, index) => `demo-season:${index}`);
  const days = keys.map((_, index) => new Date(now.getTime() - (RESULTS - index) * ((120 * DAY_MS) / RESULTS)));
  await tx.$executeRaw`UPDATE member_level_changes c SET created_at = d.at FROM unnest(${keys}::text[], ${days}::timestamptz[]) d(key, at) WHERE c.source_key = d.key`;
}

interface DemoMatch {
  daysAhead: number;
  start: string;
  court: string;
  format: OpenMatchFormat;
  sport: Sport;
  players: number;
  /** Members who joined besides the organiser, and walk-ins without an account by name. */
  joined: number;
  walkIns?: string[];
  competitive: boolean;
  note?: string;
}

const MATCHES: DemoMatch[] = [
  { daysAhead: 1, start: '10:30', court: 'C1', format: 'volley_2x2', sport: 'beach_volley', players: 4, joined: 0, competitive: true, note: 'Cerchiamo tre giocatori per una partita tirata' },
  { daysAhead: 1, start: '12:00', court: 'C2', format: 'tennis_doubles', sport: 'beach_tennis', players: 4, joined: 1, competitive: false, note: 'Amichevole, tutti benvenuti' },
  { daysAhead: 2, start: '18:00', court: 'C3', format: 'volley_2x2', sport: 'beach_volley', players: 4, joined: 1, walkIns: ['Paolo Turista'], competitive: true, note: 'Manca il quarto per stasera' },
  { daysAhead: 2, start: '10:30', court: 'C4', format: 'footvolley_2x2', sport: 'foot_volley', players: 4, joined: 3, competitive: true },
  { daysAhead: 3, start: '16:30', court: 'C1', format: 'volley_4x4', sport: 'beach_volley', players: 8, joined: 4, competitive: false, note: '4×4 misto, livello libero' },
];

export async function seedDemoOpenMatches(
  tx: Prisma.TransactionClient,
  { random, now, members, log }: { random: Random; now: Date; members: Member[]; log: (line: string) => void },
): Promise<void> {
  if (members.length < 16) return;
  await seedSeason(tx, random, now, members);
  const staffId = (await tx.user.findFirstOrThrow({ where: { role: 'staff' }, orderBy: { id: 'asc' } })).id;
  const settings = await readSettings(tx);
  const levels = await tx.memberLevel.findMany({ where: { userId: { in: members.map((member) => member.id) } } });
  const levelOf = (userId: number, sport: Sport) => levels.find((row) => row.userId === userId && row.sport === sport);
  const today = todayInRome(now);
  let created = 0;
  for (const [index, demo] of MATCHES.entries()) {
    const court = await tx.court.findUniqueOrThrow({ where: { code: demo.court } });
    const startsAt = instantInRome(addDays(today, demo.daysAhead), demo.start);
    const endsAt = new Date(startsAt.getTime() + 90 * 60_000);
    // A slot the season's own bookings may already hold is left out.
    if (await tx.booking.count({ where: { courtId: court.id, status: { in: ['confirmed', 'pending_payment'] }, startsAt: { lt: endsAt }, endsAt: { gt: startsAt } } })) continue;
    // Players who have a level in the sport, the organiser first; a competitive range around the organiser's level.
    const rated = members.filter((member) => levelOf(member.id, demo.sport));
    const drawn = rated.map((member) => ({ member, order: random.next() })).sort((x, y) => x.order - y.order);
    const [organiser, ...others] = drawn.slice(0, demo.joined + 1).map((entry) => entry.member);
    if (!organiser) continue;
    const level = Math.min(7, (levelOf(organiser.id, demo.sport)!.mu * 7) / 50);
    const priceCents = demo.start >= '19:30' ? 2400 : 2000;
    const booking = await tx.booking.create({ data: { courtId: court.id, userId: organiser.id, startsAt, endsAt, status: 'confirmed', priceCents, createdAt: now } });
    // Dated by the seed's moment, as the rows are: an entry dated by the clock lands on another day's till.
    const context = { bookingId: booking.id, userId: organiser.id, effectiveAt: now };
    await charge(tx, `booking:${booking.id}:charge`, bookingReceivable(booking.id), priceCents, { ...context, description: 'Prenotazione campo' });
    const [mine, ...theirs] = splitShares(priceCents, demo.players);
    const match = await tx.openMatch.create({
      data: {
        bookingId: booking.id, organiserId: organiser.id, sport: demo.sport, format: demo.format, playersCount: demo.players, competitive: demo.competitive,
        levelMinTenths: demo.competitive ? Math.max(0, Math.floor(level * 10) - 10) : null, levelMaxTenths: demo.competitive ? Math.min(70, Math.ceil(level * 10) + 10) : null,
        gender: index % 2 === 0 ? 'open' : 'mixed', note: demo.note ?? null, partCents: theirs[0]!, cutoffAt: new Date(startsAt.getTime() - settings.openMatchCutoffHours * 3_600_000), createdAt: now,
      },
    });
    await discount(tx, `open-match:${match.id}:places`, bookingReceivable(booking.id), theirs[0]! * (demo.players - 1), { ...context, description: 'Posti della partita aperta' });
    const description = 'Quota dell’organizzatore, pagata in segreteria';
    const paid = await tx.transaction.create({ data: { kind: 'booking', type: 'payment', bookingId: booking.id, userId: organiser.id, amountCents: mine!, method: 'cash', status: 'completed', paidAt: now, createdAt: now, description } });
    await payment(tx, `payment:${paid.id}`, moneyAccount('cash'), [{ receivable: bookingReceivable(booking.id), cents: mine! }], { ...context, transactionId: paid.id, createdById: staffId, description });
    for (const member of others) await payPlaceAtDesk(tx, await lockOpenMatch(tx, match.id, now), { userId: member.id, method: 'cash', staffId }, now);
    for (const name of demo.walkIns ?? []) await payPlaceAtDesk(tx, await lockOpenMatch(tx, match.id, now), { userId: null, guestName: name, method: 'cash', staffId }, now);
    created++;
  }
  log(`Partite aperte demo: ${RESULTS} risultati competitivi (livelli calcolati da openskill), ${created} partite aperte nei prossimi giorni.`);
}
