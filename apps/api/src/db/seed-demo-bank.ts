// A season at the bank for the demo (docs/annual-accounts.md#the-bank): the association's account, and one
// CAMT.053 statement a month up to today, imported and matched by the real import — Stripe's weekly payouts
// of what the demo's card payments brought into Stripe clearing, the bank's fees, the utilities, the beach's
// concession, the sponsors and the equipment bought — the rest assigned by the treasurer as the bank screen
// does it (the counterparty's category then proposed on the next statement), so the books' bank balance is the
// last statement's closing balance and the nightly reconciliation finds it in order. The transfers paying the
// cards and camp deposits the demo's history paid by transfer are on them too, matched by the same import to
// what they paid: most by their RF reference, a few camp deposits by the parent's name (proposed, then
// confirmed by the treasurer), and one card's transfer sent twice, the second returned to its payer.
import { addDays, type TBankCategory } from '@beach/contracts';
import type { Db } from '../lib/db.js';
import type { Stripe } from '../lib/stripe.js';
import { todayInRome } from '../lib/time.js';
import { camt053, createBankService, type TransferPayers } from '../modules/bank/index.js';
import { referenceOf, type Owed } from '../modules/bank-transfer/index.js';

export const DEMO_IBAN = 'IT60X0542811101000000123456';
const OPENING_CENTS = 850_000;

interface DemoLine {
  on: string;
  cents: number;
  counterparty: string;
  remittance: string;
  /** What the treasurer assigns it to; none: matched by the import (a payout). */
  category?: TBankCategory;
}
interface DemoPayout {
  id: string;
  arrival: string;
  cents: number;
}

/** Stripe's payouts as its API lists them, for the demo that has no Stripe account: the ones the demo's card payments make. */
function demoStripe(payouts: DemoPayout[]): Stripe {
  const listed = <T>(items: T[]) => ({ async *[Symbol.asyncIterator]() { yield* items; } });
  const seconds = (day: string) => Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);
  return {
    payouts: {
      list: ({ arrival_date: range }: { arrival_date: { gte: number; lte: number } }) =>
        listed(payouts.filter((payout) => seconds(payout.arrival) >= range.gte && seconds(payout.arrival) <= range.lte).map((payout) => ({ id: payout.id, amount: payout.cents, arrival_date: seconds(payout.arrival), status: 'paid' }))),
    },
    balanceTransactions: { list: () => listed([]) },
  } as unknown as Stripe;
}

/** A transfer of the demo's history as the payer's bank sent it, and what it paid (the matching's target). */
interface DemoTransfer extends DemoLine {
  target: string;
  paymentId: number;
}

/**
 * The cards and camp deposits the demo's history paid by transfer (seed-demo.ts, seed-demo-school.ts), each on
 * its day with the RF reference the product gives what it pays (docs/annual-accounts.md#paying-by-transfer) —
 * but every other camp deposit whose parent wrote only what it is for, where the name finds that parent alone: it is
 * matched by name (docs/annual-accounts.md#matching).
 */
async function historyTransfers(db: Db): Promise<DemoTransfer[]> {
  const payments = await db.transaction.findMany({
    where: { method: 'bank_transfer', type: 'payment', status: 'completed', kind: { in: ['membership', 'enrolment'] } },
    select: { id: true, amountCents: true, paidAt: true, userId: true, membershipId: true, enrolmentId: true, user: { select: { firstName: true, lastName: true } }, membership: { select: { membershipNumber: true } } },
    orderBy: { id: 'asc' },
  });
  // Matched by name only where the matching finds one amount of that surname: a one-word surname (the matching
  // reads words), of one parent paying one deposit, whom no namesake's deposit, card or tournament part equals.
  const deposits = payments.filter((payment) => payment.enrolmentId !== null);
  const alone = deposits.filter((payment, index, all) => all.findIndex((other) => other.userId === payment.userId) === index && all.findLastIndex((other) => other.userId === payment.userId) === index);
  const owing = await db.user.findMany({
    where: {
      lastName: { in: alone.map((payment) => payment.user!.lastName), mode: 'insensitive' },
      OR: [{ memberships: { some: { status: 'pending' } } }, { tournamentPlayers: { some: { withdrawnAt: null, entry: { status: { in: ['pending', 'confirmed'] } } } } }],
    },
    select: { id: true, lastName: true, memberships: { where: { status: 'pending' }, select: { priceCents: true } }, tournamentPlayers: { where: { withdrawnAt: null }, select: { feeCents: true } } },
  });
  const owes = (surname: string, cents: number) =>
    deposits.filter((payment) => payment.user!.lastName.toLowerCase() === surname && payment.amountCents === cents).length > 1
    || owing.some((user) => user.lastName.toLowerCase() === surname && [...user.memberships.map((card) => card.priceCents), ...user.tournamentPlayers.map((part) => part.feeCents)].includes(cents));
  const byNameOnly = new Set(alone.filter((payment) => /^\p{L}{3,}$/u.test(payment.user!.lastName) && !owes(payment.user!.lastName.toLowerCase(), payment.amountCents)).filter((_, index) => index % 2 === 0).map((payment) => payment.id));
  return payments.map((payment) => {
    // A camp's deposit is its first instalment.
    const owed: Owed = payment.membershipId ? { kind: 'membership', id: payment.membershipId } : { kind: 'enrolment', id: payment.enrolmentId!, seq: 1 };
    const byName = byNameOnly.has(payment.id);
    const what = payment.membership ? `Tessera ${payment.membership.membershipNumber}` : 'Acconto centro estivo';
    return {
      on: todayInRome(payment.paidAt!),
      cents: payment.amountCents,
      counterparty: `${payment.user!.firstName} ${payment.user!.lastName}`.toUpperCase(),
      remittance: byName ? `${what} per mio figlio` : `${what} ${referenceOf(owed)}`,
      target: owed.kind === 'membership' ? `membership:${owed.id}` : `enrolment:${owed.id}:${owed.seq}`,
      paymentId: payment.id,
    };
  });
}

/**
 * A member's bank sent a card's transfer twice: the second, a week later with the same reference, pays nothing
 * (the import leaves it open with its note); the treasurer books it as other income and sends it back the
 * next week, into the category it left (docs/annual-accounts.md#matching).
 */
function returnedTwice(transfers: DemoTransfer[], today: string): DemoLine[] {
  const card = transfers.find((transfer) => transfer.target.startsWith('membership:') && addDays(transfer.on, 14) <= today);
  if (!card) return [];
  return [
    { on: addDays(card.on, 7), cents: card.cents, counterparty: card.counterparty, remittance: card.remittance, category: 'other_income' },
    { on: addDays(card.on, 14), cents: -card.cents, counterparty: card.counterparty, remittance: `Restituzione bonifico doppio: ${card.remittance}`, category: 'other_income' },
  ];
}

/**
 * The payers as the matching calls them, for transfers the history has paid already: each line with its
 * reference (or confirmed by the treasurer) matched once to what it paid (moved from the transfers' till into
 * the bank by the matching), no payment made twice; nothing else is payable.
 */
function paidInHistory(transfers: DemoTransfer[]): TransferPayers {
  const unseen = new Map(transfers.map((transfer) => [transfer.target, transfer]));
  /** The payment of `target` if it was `cents` and no line has been matched to it yet. */
  const seen = (target: string, cents: number) => {
    const transfer = unseen.get(target);
    if (transfer?.cents !== cents) return null;
    unseen.delete(target);
    return transfer.paymentId;
  };
  return {
    enrolments: {
      collectTransfer: async (_tx, _staff, id, seq, cents) => seen(`enrolment:${id}:${seq}`, cents),
      // What a parent's transfer without a reference is proposed for: their deposit, until a line has paid it.
      dueOf: async (id) => {
        const deposit = unseen.get(`enrolment:${id}:1`);
        return deposit ? { cents: deposit.cents, seq: 1 } : null;
      },
    },
    memberships: { collectTransfer: async (_tx, _staff, id, cents) => seen(`membership:${id}`, cents) !== null },
    tournaments: { collectTransfer: async () => false },
  };
}

/** Monday of the ISO week of a Rome day. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

/** Each week's card money into Stripe clearing, paid out on the Wednesday after it. */
async function weeklyPayouts(db: Db, today: string): Promise<DemoPayout[]> {
  const postings = await db.ledgerPosting.findMany({
    where: { account: { kind: 'stripe_clearing' }, phase: { in: ['posted', 'post_pending'] } },
    select: { id: true, amountCents: true, entry: { select: { effectiveAt: true } } },
  });
  const weeks = new Map<string, number>();
  for (const posting of postings) {
    const week = mondayOf(todayInRome(posting.entry.effectiveAt));
    weeks.set(week, (weeks.get(week) ?? 0) + posting.amountCents);
  }
  return [...weeks]
    .map(([week, cents]) => ({ id: `po_demo_${week.replaceAll('-', '')}`, arrival: addDays(week, 9), cents }))
    .filter((payout) => payout.cents > 0 && payout.arrival <= today)
    .sort((a, b) => a.arrival.localeCompare(b.arrival));
}

/** The month's other lines: the bank's fee, the utilities, and the season's one-off payments and receipts. */
function monthLines(year: number, month: number, randomInt: (min: number, max: number) => number): DemoLine[] {
  const day = (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const lines: DemoLine[] = [
    { on: day(28), cents: -900, counterparty: 'Banca Adriatica', remittance: 'Canone mensile conto e commissioni bonifici', category: 'bank_fees' },
    { on: day(12), cents: -randomInt(9000, 22_000), counterparty: 'Hera Comm Spa', remittance: `Fattura energia elettrica illuminazione campi ${month}/${year}`, category: 'utilities' },
  ];
  const once: Record<number, DemoLine[]> = {
    3: [{ on: day(20), cents: -240_000, counterparty: 'Comune di Cattolica', remittance: `Canone concessione demaniale ${year}`, category: 'rent' }],
    4: [{ on: day(15), cents: -115_000, counterparty: 'Sport Forniture Spa', remittance: 'Fattura 118: reti e pali da beach volley', category: 'equipment' }],
    5: [{ on: day(6), cents: 200_000, counterparty: 'Bar Bagni Aurora Srl', remittance: 'Sponsorizzazione stagione: striscioni ai campi', category: 'sponsors' }],
    6: [{ on: day(3), cents: 80_000, counterparty: 'Piadineria Da Rino', remittance: 'Sponsorizzazione torneo di luglio', category: 'sponsors' }],
    9: [{ on: day(22), cents: 15_000, counterparty: 'Circolo Nautico Cattolica', remittance: 'Vendita reti usate', category: 'equipment_sale' }],
  };
  return [...lines, ...(once[month] ?? [])];
}

/** The demo's statements and their matching; how many lines. Skipped when the account has statements already. */
export async function seedDemoBank(db: Db, { year, now, randomInt }: { year: number; now: Date; randomInt: (min: number, max: number) => number }) {
  const treasurer = await db.user.findFirst({ where: { role: 'admin' }, orderBy: { id: 'asc' } });
  if (!treasurer || (await db.bankStatement.count()) > 0) return 0;
  await db.setting.upsert({ where: { id: 1 }, create: { id: 1, bankIban: DEMO_IBAN, bankHolder: 'ASD Adriatica Beach Arena' }, update: { bankIban: DEMO_IBAN, bankHolder: 'ASD Adriatica Beach Arena' } });
  const today = todayInRome(now);
  const payouts = await weeklyPayouts(db, today);
  const transfers = await historyTransfers(db);
  const bank = createBankService({ db, stripe: demoStripe(payouts) }, paidInHistory(transfers));
  const byMonth = new Map<number, DemoLine[]>();
  const add = (line: DemoLine) => {
    const month = Number(line.on.slice(5, 7));
    if (line.on <= today && line.on.startsWith(`${year}-`)) byMonth.set(month, [...(byMonth.get(month) ?? []), line]);
  };
  for (const payout of payouts) add({ on: payout.arrival, cents: payout.cents, counterparty: 'Stripe Payments Europe Ltd', remittance: `STRIPE PAYOUT ${payout.id}` });
  for (let month = 1; month <= 12; month += 1) for (const line of monthLines(year, month, randomInt)) add(line);
  for (const transfer of transfers) add(transfer);
  for (const line of returnedTwice(transfers, today)) add(line);

  let opening = OPENING_CENTS;
  let count = 0;
  const thisMonth = Number(today.slice(5, 7));
  for (const [month, lines] of [...byMonth].sort(([a], [b]) => a - b)) {
    lines.sort((a, b) => a.on.localeCompare(b.on));
    const from = `${year}-${String(month).padStart(2, '0')}-01`;
    const to = month === thisMonth ? today : month === 12 ? `${year}-12-31` : addDays(`${year}-${String(month + 1).padStart(2, '0')}-01`, -1);
    const xml = camt053({ iban: DEMO_IBAN, id: `DEMO-${year}-${month}`, openingCents: opening, from, to, lines: lines.map((line, index) => ({ ...line, bankRef: `DEMO${year}${month}-${index}` })) });
    await bank.importStatement(treasurer, Buffer.from(xml));
    opening += lines.reduce((sum, line) => sum + line.cents, 0);
    count += lines.length;
    // The treasurer has confirmed the proposals and assigned what the import could not match: the books' bank
    // balance is the statement's.
    const left = await db.bankLine.findMany({ where: { iban: DEMO_IBAN, state: { in: ['open', 'proposed'] }, bookedOn: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) } }, orderBy: { id: 'asc' } });
    for (const line of left) {
      const category = lines.find((demo) => demo.category && demo.on === line.bookedOn.toISOString().slice(0, 10) && demo.cents === line.amountCents)?.category;
      if (category) await bank.assign(treasurer, line.id, category);
      else if (line.state === 'proposed') await bank.confirm(treasurer, line.id);
    }
  }
  return count;
}
