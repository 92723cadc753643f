// Writing and reading the ledger (docs/domain.md#ledger). An entry is posted once per key, its postings
// written together by the database function `ledger_post`, which refuses an entry that does not sum to
// zero; the accounts that guard a rule move their balance in the same statement and refuse an overdraft
// or an overpayment (their CHECKs). Nothing here updates or deletes: a mistake is another entry.
import type { LedgerAccountKind, LedgerEntryKind, LedgerPhase } from '../../generated/prisma/enums.js';
import { conflictOn, Prisma } from '../../lib/db.js';
import type { AccountRef } from './accounts.js';
import { contentHashOf } from './content-hash.js';

/** Anything that runs SQL: the client or a transaction of it. */
export type Sql = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

/** One side of an entry: debits are positive, credits negative. */
export interface Leg {
  account: AccountRef;
  amount: number;
}
export const debit = (account: AccountRef, cents: number): Leg => ({ account, amount: cents });
export const credit = (account: AccountRef, cents: number): Leg => ({ account, amount: -cents });

export interface Entry {
  /** Derived from what caused it: posting the same key again writes nothing. */
  key: string;
  kind: LedgerEntryKind;
  /** 'pending': set aside until posted or voided (resolve), or voided by the minute job after `expiresAt`. */
  phase?: 'posted' | 'pending';
  expiresAt?: Date | null;
  /** When it happened (finance's month); now unless it records the past. */
  effectiveAt?: Date;
  createdById?: number | null;
  description?: string | null;
  userId?: number | null;
  bookingId?: number | null;
  bookingPlayerId?: number | null;
  membershipId?: number | null;
  carnetId?: number | null;
  enrolmentId?: number | null;
  tournamentPlayerId?: number | null;
  transactionId?: number | null;
  rainCheckId?: number | null;
  reversesId?: number | null;
  legs: Leg[];
}

export interface Posted {
  id: number;
  /** False when an entry with its key was there already (a replay). */
  created: boolean;
}

/** The legs on one account added up; legs of zero dropped. */
function netLegs(legs: Leg[]): Leg[] {
  const byKey = new Map<string, Leg>();
  for (const leg of legs) {
    if (!Number.isInteger(leg.amount)) throw new Error(`Not an amount in cents: ${leg.amount} on ${leg.account.key}`);
    const seen = byKey.get(leg.account.key);
    if (seen) seen.amount += leg.amount;
    else byKey.set(leg.account.key, { account: leg.account, amount: leg.amount });
  }
  return [...byKey.values()].filter((leg) => leg.amount !== 0);
}

function wireOf(entry: Entry, legs: Leg[]) {
  const wire = {
    key: entry.key,
    kind: entry.kind,
    phase: entry.phase ?? 'posted',
    expires_at: entry.expiresAt?.toISOString() ?? null,
    effective_at: entry.effectiveAt?.toISOString() ?? null,
    created_by_id: entry.createdById ?? null,
    description: entry.description?.slice(0, 500) ?? null,
    user_id: entry.userId ?? null,
    booking_id: entry.bookingId ?? null,
    booking_player_id: entry.bookingPlayerId ?? null,
    membership_id: entry.membershipId ?? null,
    carnet_id: entry.carnetId ?? null,
    enrolment_id: entry.enrolmentId ?? null,
    tournament_player_id: entry.tournamentPlayerId ?? null,
    transaction_id: entry.transactionId ?? null,
    rain_check_id: entry.rainCheckId ?? null,
    reverses_id: entry.reversesId ?? null,
    legs,
  };
  return { ...wire, content_hash: contentHashOf(wire) };
}

/** A key posted again with other content (an amount, an account, whom it is about): never a silent replay. */
export const KEY_REUSED = /* i18n */ { id: 'api.ledger.key_reused', message: 'Questo movimento è già registrato con un contenuto diverso: ricarica la pagina e controlla.' };

/**
 * Posts entries in one round trip. An entry whose legs add up to nothing on every account is left out
 * (nothing moved). Returns each posted key's entry; a key already posted with the same content returns
 * its entry (created false), with other content answers 409 (KEY_REUSED).
 */
export async function postMany(sql: Sql, entries: Entry[]): Promise<Map<string, Posted>> {
  const batch = entries.flatMap((entry) => {
    const legs = netLegs(entry.legs);
    return legs.length === 0 ? [] : [wireOf(entry, legs)];
  });
  if (batch.length === 0) return new Map();
  const rows = await sql.$queryRaw<{ key: string; id: number; created: boolean }[]>`SELECT key, id, created FROM ledger_post(${JSON.stringify(batch)}::jsonb)`.catch(
    conflictOn('ledger_entries_key_content', KEY_REUSED),
  );
  return new Map(rows.map((row) => [row.key, { id: row.id, created: row.created }]));
}

/** Posts one entry; null when it moves nothing. */
export async function post(sql: Sql, entry: Entry): Promise<Posted | null> {
  return (await postMany(sql, [entry])).get(entry.key) ?? null;
}

/**
 * How resolving a pending entry (a hold) ended, as a discriminated union every caller handles in full
 * (docs/domain.md#ledger): `posted` (spent: now or earlier), `voided` (given back: now or earlier), or
 * `expired` (asked to post after its expiry: voided by this call instead, as the minute job would have).
 * `created` says whether this call wrote the resolution.
 */
export type HoldResolution = { pendingId: number; id: number; created: boolean } & ({ outcome: 'posted' } | { outcome: 'voided' } | { outcome: 'expired' });

const OUTCOME_OF_PHASE = { post_pending: 'posted', void_pending: 'voided' } as const satisfies Record<Extract<LedgerPhase, 'post_pending' | 'void_pending'>, HoldResolution['outcome']>;

async function resolveAs(sql: Sql, pendingIds: number[], phase: 'post_pending' | 'void_pending', keyPrefix: 'post' | 'void', at: Date) {
  if (pendingIds.length === 0) return [];
  return sql.$queryRaw<{ pendingId: number; id: number; phase: keyof typeof OUTCOME_OF_PHASE; created: boolean }[]>`
    SELECT pending_id AS "pendingId", id, phase::text AS phase, created
    FROM ledger_resolve(${pendingIds}::int[], ${phase}::ledger_phase, ${keyPrefix}, ${at})`;
}

/**
 * Posts or voids pending entries, each once: a pending entry already resolved (either way) is left as
 * it is. One past its expiry is never posted: it is voided (`expired`), so a late payment ends the same
 * whether the minute job came first or not. The caller holds the lock of what the hold is for.
 */
export async function resolve(sql: Sql, pendingIds: number[], outcome: 'post' | 'void', at = new Date()): Promise<HoldResolution[]> {
  if (pendingIds.length === 0) return [];
  const lapsed = new Set(
    outcome === 'post'
      ? (await sql.$queryRaw<{ id: number }[]>`SELECT id FROM ledger_entries WHERE id = ANY(${pendingIds}::int[]) AND expires_at <= ${at}`).map((row) => row.id)
      : [],
  );
  const toPost = pendingIds.filter((id) => outcome === 'post' && !lapsed.has(id));
  const toVoid = pendingIds.filter((id) => outcome === 'void' || lapsed.has(id));
  const rows = [...(await resolveAs(sql, toPost, 'post_pending', 'post', at)), ...(await resolveAs(sql, toVoid, 'void_pending', 'void', at))];
  return rows.map(({ phase, ...row }) => ({ ...row, outcome: lapsed.has(row.pendingId) && phase === 'void_pending' && row.created ? 'expired' : OUTCOME_OF_PHASE[phase] }));
}

/** The pending entries of these payment rows not yet posted or voided. */
export async function openHoldsOf(sql: Sql, transactionIds: number[]): Promise<number[]> {
  if (transactionIds.length === 0) return [];
  const rows = await sql.$queryRaw<{ id: number }[]>`
    SELECT e.id FROM ledger_entries e WHERE e.transaction_id = ANY(${transactionIds}::int[]) AND e.phase = 'pending'
      AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.pending_id = e.id)`;
  return rows.map((row) => row.id);
}

/** Every pending entry of this payment row, resolved or not (what the payment set aside). */
export async function holdsOf(sql: Sql, transactionId: number): Promise<number[]> {
  const rows = await sql.$queryRaw<{ id: number }[]>`SELECT id FROM ledger_entries WHERE transaction_id = ${transactionId} AND phase = 'pending' ORDER BY id`;
  return rows.map((row) => row.id);
}

/**
 * Pending entries past their expiry and still open, each with the payment row that set it aside (the
 * minute job voids them under the lock of what that payment is for: payments/checkout.ts).
 */
export async function lapsedHolds(sql: Sql, now = new Date()): Promise<{ id: number; transactionId: number }[]> {
  return sql.$queryRaw<{ id: number; transactionId: number }[]>`
    SELECT e.id, e.transaction_id AS "transactionId" FROM ledger_entries e
    WHERE e.phase = 'pending' AND e.expires_at <= ${now} AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.pending_id = e.id)
    ORDER BY e.transaction_id, e.id`;
}

/** A kept balance, as the row holds it. */
export interface AccountBalance {
  id: number;
  key: string;
  kind: LedgerAccountKind;
  userId: number | null;
  transactionId: number | null;
  carnetId: number | null;
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
}

const BALANCE_COLUMNS = Prisma.sql`id, key, kind::text AS kind, user_id AS "userId", transaction_id AS "transactionId", carnet_id AS "carnetId",
  debits_posted AS "debitsPosted", credits_posted AS "creditsPosted", debits_pending AS "debitsPending", credits_pending AS "creditsPending"`;

/**
 * The kept balances of these accounts (those not made yet are left out). With `lock`, their rows stay
 * locked until the transaction ends, in id order, so writers of the same accounts queue instead of
 * deadlocking and what was read is still there when it is spent.
 */
export async function balancesOf(sql: Sql, keys: string[], { lock = false } = {}): Promise<AccountBalance[]> {
  if (keys.length === 0) return [];
  return sql.$queryRaw<AccountBalance[]>`
    SELECT ${BALANCE_COLUMNS} FROM ledger_accounts WHERE key = ANY(${keys}::text[]) ORDER BY id ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
}

/** The accounts of a kind that belong to a member, by the same rules as balancesOf. */
export async function memberAccounts(sql: Sql, userId: number, kinds: LedgerAccountKind[], { lock = false } = {}): Promise<AccountBalance[]> {
  return sql.$queryRaw<AccountBalance[]>`
    SELECT ${BALANCE_COLUMNS} FROM ledger_accounts WHERE user_id = ${userId} AND kind::text = ANY(${kinds}::text[])
    ORDER BY id ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
}

/** What a liability (credit, a carnet, a refund on its way) holds, with what is set aside already taken off. */
export const available = (balance: Pick<AccountBalance, 'creditsPosted' | 'debitsPosted' | 'debitsPending'> | undefined) =>
  balance ? balance.creditsPosted - balance.debitsPosted - balance.debitsPending : 0;
/** What a liability holds, counting what is only set aside. */
export const held = (balance: Pick<AccountBalance, 'creditsPosted' | 'debitsPosted'> | undefined) => (balance ? balance.creditsPosted - balance.debitsPosted : 0);
/** What a receivable is owed, less what a pending payment is settling. */
export const owedOn = (balance: Pick<AccountBalance, 'creditsPosted' | 'debitsPosted' | 'creditsPending'> | undefined) =>
  balance ? balance.debitsPosted - balance.creditsPosted - balance.creditsPending : 0;

/** What a reversal says besides its legs: its key and kind, and anything it says otherwise than the original. */
export type ReversalOf = Omit<Entry, 'legs' | 'reversesId' | 'phase' | 'expiresAt'>;

/**
 * The mirror images of entries (every posting the other way), about whom and what each original was unless
 * told otherwise: read in two statements however many, for a caller posting many at once.
 */
export async function reversalsOf(sql: Sql, reversals: { entryId: number; entry: ReversalOf }[]): Promise<Entry[]> {
  const ids = reversals.map(({ entryId }) => entryId);
  const [postings, originals] = await Promise.all([
    sql.$queryRaw<(AccountRef & { entryId: number; amount: number })[]>`
      SELECT p.entry_id AS "entryId", a.key, a.kind::text AS kind, p.amount_cents AS amount FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE p.entry_id = ANY(${ids}::int[]) ORDER BY p.id`,
    sql.$queryRaw<(Pick<Entry, 'userId' | 'bookingId' | 'bookingPlayerId' | 'membershipId' | 'carnetId'> & { id: number })[]>`
      SELECT id, user_id AS "userId", booking_id AS "bookingId", booking_player_id AS "bookingPlayerId", membership_id AS "membershipId", carnet_id AS "carnetId"
      FROM ledger_entries WHERE id = ANY(${ids}::int[])`,
  ]);
  return reversals.map(({ entryId, entry }) => {
    const { id: _id, ...original } = originals.find((row) => row.id === entryId) ?? { id: entryId };
    const about = Object.fromEntries(Object.entries(original).filter(([, value]) => value !== null));
    const legs = postings.filter((posting) => posting.entryId === entryId).map(({ entryId: _entry, amount, ...account }) => ({ account, amount: -amount }));
    return { ...about, ...entry, reversesId: entryId, legs };
  });
}

/**
 * Undoes an entry with its mirror image (every posting the other way), once per key: `kind` says why
 * (a credit payment given back, a carnet use returned, a correction undone).
 */
export async function reverse(sql: Sql, entryId: number, entry: ReversalOf): Promise<Posted | null> {
  const [reversal] = await reversalsOf(sql, [{ entryId, entry }]);
  return post(sql, reversal!);
}
