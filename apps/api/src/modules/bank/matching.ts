// Matching a statement's lines to the ledger (docs/annual-accounts.md#matching): a credit line is a Stripe
// payout, or a transfer paying what its RF reference names (an enrolment's instalment, a card, a tournament
// part, a member's debt) through the desk's own path, with its receipt; else a transfer of exactly what one payer of that name owes
// is proposed for the treasurer to confirm. What is left (fees, outgoing transfers) the treasurer assigns.
import type { AppDeps } from '../../deps.js';
import type { Stripe } from '../../lib/stripe.js';
import type { BankLine, Prisma, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { refuseOwnMoney } from '../auth/index.js';
import type { EnrolmentsService } from '../enrolments/index.js';
import type { MembershipsService } from '../memberships/index.js';
import type { TournamentsService } from '../tournaments/index.js';
import { accounts, debtOf, payDebt } from '../ledger/index.js';
import { amountsOwedBy } from './amounts-due.js';
import { postIntoBank, postPayout } from './bank-ledger.js';
import { owedOf, referenceOf, type Owed } from '../bank-transfer/index.js';
import { payoutOf, payoutsAround, withFees } from './payouts.js';

/** The modules whose amounts due a transfer pays, each through its own desk path. */
export interface TransferPayers {
  enrolments: Pick<EnrolmentsService, 'collectTransfer' | 'dueOf'>;
  memberships: Pick<MembershipsService, 'collectTransfer'>;
  tournaments: Pick<TournamentsService, 'collectTransfer'>;
}

const DEBT_DESCRIPTION = 'Saldo di quanto dovuto al centro';
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
/** A line's match target: what it pays, by kind and ids (`enrolment:12:2`, `membership:31`, `tournament:77`, `debt:9`). */
const targetOf = (owed: Owed) => {
  switch (owed.kind) {
    case 'enrolment': return `enrolment:${owed.id}:${owed.seq}`;
    case 'membership': return `membership:${owed.id}`;
    case 'tournament': return `tournament:${owed.playerId}`;
    case 'debt': return `debt:${owed.userId}`;
  }
};
const owedOfTarget = (target: string): Owed | null => {
  const [kind, first, second] = target.split(':');
  const [id, seq] = [Number(first), Number(second)];
  if (kind === 'enrolment') return { kind, id, seq };
  if (kind === 'membership') return { kind, id };
  if (kind === 'tournament') return { kind, playerId: id };
  return kind === 'debt' ? { kind, userId: id } : null;
};
const labelOf = (owed: Owed) => {
  switch (owed.kind) {
    case 'enrolment': return `Iscrizione n. ${owed.id}, rata ${owed.seq}`;
    case 'membership': return `Tessera n. ${owed.id}`;
    case 'tournament': return `Quota torneo del giocatore n. ${owed.playerId}`;
    case 'debt': return `Debito del socio n. ${owed.userId}`;
  }
};

/** A line just imported, as the matching reads it (the rest of it is read again under its lock). */
export type FreshLine = Pick<BankLine, 'id' | 'iban' | 'bookedOn' | 'amountCents' | 'counterparty' | 'creditorReference'>;
/** Payers by surname, lower case. */
type PayersByName = Map<string, { id: number; firstName: string; lastName: string }[]>;
/** What the lines of one import are matched against, read once for all of them (a year of statements is 50,000 lines). */
interface Batch {
  payouts: Stripe.Payout[];
  /** Payouts already matched to a line. */
  taken: Set<string>;
  payersNamed: PayersByName;
  /** Each payer's dues, read at most once. */
  dues: Map<number, Promise<Due[]>>;
  /** What the lines left unpaid say (a proposal, or why their reference paid nothing), written together at the end. */
  marks: Mark[];
}
interface Mark {
  id: number;
  state: 'open' | 'proposed';
  kind: string | null;
  target: string | null;
  note: string;
}
interface Due {
  cents: number;
  owed: Owed;
  label: string;
}
const wordsOf = (counterparty: string) => counterparty.split(/[^\p{L}']+/u).filter((word) => word.length >= 3).map((word) => word.toLowerCase());

export function createBankMatching({ db, stripe }: Pick<AppDeps, 'db' | 'stripe'>, { enrolments, memberships, tournaments }: TransferPayers) {
  /** A member's debt paid by transfer, up to what they owe. */
  async function payDebtByTransfer(tx: Prisma.TransactionClient, staff: User, userId: number, cents: number) {
    if ((await debtOf(tx, userId, { lock: true })) < cents) return false;
    refuseOwnMoney(staff, [userId]);
    const payment = await tx.transaction.create({ data: { kind: 'debt', userId, amountCents: cents, method: 'bank_transfer', status: 'completed', paidAt: new Date(), description: DEBT_DESCRIPTION } });
    await payDebt(tx, userId, cents, accounts.till('bank_transfer'), { key: `payment:${payment.id}`, transactionId: payment.id, createdById: staff.id, description: DEBT_DESCRIPTION });
    return true;
  }

  /** Pays what `owed` names with the line's money, in `tx`: false when the line is not exactly what can be paid now. */
  async function payOwed(tx: Prisma.TransactionClient, staff: User, line: BankLine, owed: Owed): Promise<boolean> {
    const cents = line.amountCents;
    const paid =
      owed.kind === 'enrolment' ? Boolean(await enrolments.collectTransfer(tx, staff, owed.id, owed.seq, cents))
      : owed.kind === 'membership' ? await memberships.collectTransfer(tx, staff, owed.id, cents)
      : owed.kind === 'tournament' ? await tournaments.collectTransfer(tx, staff, owed.playerId, cents)
      : await payDebtByTransfer(tx, staff, owed.userId, cents);
    if (!paid) return false;
    await postIntoBank(tx, line, staff.id);
    return true;
  }

  /** Under the line's lock, still open or proposed: `apply` moves the money, then the line says what it was matched to (`label`, in words). */
  async function settle(staff: User, lineId: number, matchKind: string, target: string, label: string, apply: (tx: Prisma.TransactionClient, line: BankLine) => Promise<boolean>) {
    return db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM bank_lines WHERE id = ${lineId} FOR UPDATE`;
      const line = await tx.bankLine.findUniqueOrThrow({ where: { id: lineId } });
      if (line.state === 'matched' || line.state === 'assigned' || !(await apply(tx, line))) return false;
      await auditRow(tx, { entity: 'bank_lines', id: lineId, action: 'update' }, () =>
        tx.bankLine.update({ where: { id: lineId }, data: { state: 'matched', matchKind, matchTarget: target, note: label, matchedById: staff.id, matchedAt: new Date() } }),
      );
      return true;
    }, TRANSACTION_OPTIONS);
  }

  /** What a payer owes now, each with its amount: a card, an instalment, a tournament part or a debt. */
  async function duesOf(payer: { id: number; firstName: string; lastName: string }): Promise<Due[]> {
    const name = `${payer.lastName} ${payer.firstName}`;
    return (await amountsOwedBy(db, { enrolments }, payer.id)).map(({ what, owed, cents }) => ({ cents, owed, label: `${what} · ${name}` }));
  }

  /**
   * What one payer of the counterparty's surname owes now, if exactly the line's amount. Each payer's dues are
   * read once per import: a proposal pays nothing, and its confirmation checks the amount again.
   */
  async function proposalFor(line: FreshLine, batch: Batch): Promise<{ owed: Owed; label: string } | null> {
    const payers = [...new Set(wordsOf(line.counterparty).flatMap((word) => batch.payersNamed.get(word) ?? []))].slice(0, 20);
    const found: Due[] = [];
    for (const payer of payers) {
      if (!batch.dues.has(payer.id)) batch.dues.set(payer.id, duesOf(payer));
      found.push(...(await batch.dues.get(payer.id)!).filter((due) => due.cents === line.amountCents));
    }
    return found.length === 1 ? found[0]! : null;
  }

  async function matchOne(staff: User, line: FreshLine, batch: Batch): Promise<'matched' | 'proposed' | 'open'> {
    if (line.amountCents <= 0) return 'open';
    const owed = line.creditorReference ? owedOf(line.creditorReference) : null;
    if (owed) {
      const label = `${labelOf(owed)} (${line.creditorReference})`;
      if (await settle(staff, line.id, owed.kind, targetOf(owed), label, (tx, locked) => payOwed(tx, staff, locked, owed))) return 'matched';
      batch.marks.push({ id: line.id, state: 'open', kind: null, target: null, note: `Il riferimento ${line.creditorReference} non corrisponde a un importo da pagare di ${(line.amountCents / 100).toFixed(2)} €.` });
      return 'open';
    }
    const found = stripe ? payoutOf(batch.payouts, isoDate(line.bookedOn), line.amountCents, batch.taken) : null;
    if (stripe && found) {
      const payout = await withFees(stripe, found);
      if (await settle(staff, line.id, 'payout', payout.id, `Accredito Stripe ${payout.id}`, async (tx, locked) => Boolean(await postPayout(tx, locked.iban, payout, locked.bookedOn, staff.id)))) {
        batch.taken.add(payout.id);
        return 'matched';
      }
    }
    const proposal = await proposalFor(line, batch);
    if (!proposal) return 'open';
    batch.marks.push({ id: line.id, state: 'proposed', kind: proposal.owed.kind, target: targetOf(proposal.owed), note: `${proposal.label} (${referenceOf(proposal.owed)})` });
    return 'proposed';
  }

  /** The marks in one statement, on the lines still open (the treasurer may have assigned one meanwhile). */
  async function writeMarks(marks: Mark[]) {
    if (marks.length === 0) return;
    const column = <K extends keyof Mark>(name: K) => marks.map((mark) => mark[name]);
    await db.$executeRaw`
      UPDATE bank_lines SET state = mark.state, match_kind = mark.kind, match_target = mark.target, note = mark.note
      FROM unnest(${column('id')}::int[], ${column('state')}::text[], ${column('kind')}::text[], ${column('target')}::text[], ${column('note')}::text[]) AS mark (id, state, kind, target, note)
      WHERE bank_lines.id = mark.id AND bank_lines.state = 'open'`;
  }

  async function batchOf(lines: FreshLine[]): Promise<Batch> {
    const credits = lines.filter((line) => line.amountCents > 0);
    const days = credits.map((line) => isoDate(line.bookedOn)).sort();
    const payouts = stripe && days.length > 0 ? await payoutsAround(stripe, days[0]!, days.at(-1)!) : [];
    const taken = new Set(
      (await db.bankLine.findMany({ where: { matchKind: 'payout', matchTarget: { in: payouts.map((payout) => payout.id) } }, select: { matchTarget: true } })).map((line) => line.matchTarget!),
    );
    const words = [...new Set(credits.flatMap((line) => wordsOf(line.counterparty)))];
    const payers = words.length === 0 ? [] : await db.user.findMany({ where: { lastName: { in: words, mode: 'insensitive' } }, select: { id: true, firstName: true, lastName: true } });
    const payersNamed: PayersByName = new Map();
    for (const payer of payers) payersNamed.set(payer.lastName.toLowerCase(), [...(payersNamed.get(payer.lastName.toLowerCase()) ?? []), payer]);
    return { payouts, taken, payersNamed, dues: new Map(), marks: [] };
  }

  return {
    /**
     * Each open line in turn (Stripe read outside any transaction), a payment in a transaction of its own; the
     * proposals and notes then in one statement. How many were matched and proposed.
     */
    async matchLines(staff: User, lines: FreshLine[]) {
      const counts = { matched: 0, proposed: 0 };
      const batch = await batchOf(lines);
      for (const line of lines) {
        const outcome = await matchOne(staff, line, batch);
        if (outcome !== 'open') counts[outcome] += 1;
      }
      await writeMarks(batch.marks);
      return counts;
    },

    /** The treasurer confirms a proposal: paid as if it had carried the reference; false when it no longer fits. */
    confirm(staff: User, line: BankLine) {
      const owed = line.matchTarget ? owedOfTarget(line.matchTarget) : null;
      if (line.state !== 'proposed' || !owed) return Promise.resolve(false);
      return settle(staff, line.id, owed.kind, line.matchTarget!, line.note ?? line.matchTarget!, (tx, locked) => payOwed(tx, staff, locked, owed));
    },
  };
}

export type BankMatching = ReturnType<typeof createBankMatching>;
