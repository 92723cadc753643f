// An entry's content hash (docs/domain.md#ledger), computed as the entry is built, by the database's own
// formula (`ledger_entry_hash`): the kind, the phase, whom and what it is about, and its legs in account key
// order, joined by '|' and hashed with SHA-256. ledger_post stores it; on a key already written it hashes
// what was sent itself, so a wrong hash here can only refuse a replay, never let other content through.
import { createHash } from 'node:crypto';

/** A leg as the hash reads it: its account's key and its signed amount in cents. */
interface HashedLeg {
  account: { key: string };
  amount: number;
}

/** What the hash covers of an entry as ledger_post reads it: a phase or an id left out reads as 'posted' or none. */
export interface HashedContent {
  kind: string;
  phase?: string;
  legs: HashedLeg[];
  user_id?: number | null;
  booking_id?: number | null;
  booking_player_id?: number | null;
  membership_id?: number | null;
  carnet_id?: number | null;
  enrolment_id?: number | null;
  tournament_player_id?: number | null;
  transaction_id?: number | null;
  rain_check_id?: number | null;
  reverses_id?: number | null;
}

/** Byte order of the keys (COLLATE "C": the keys are ASCII), then the amount. */
const byKeyThenAmount = (a: HashedLeg, b: HashedLeg) => (a.account.key < b.account.key ? -1 : a.account.key > b.account.key ? 1 : a.amount - b.amount);

/** The entry's content hash, hex, as `ledger_entry_hash` computes it from the same entry. */
export function contentHashOf(entry: HashedContent): string {
  const legs = entry.legs
    .filter((leg) => leg.amount !== 0)
    .sort(byKeyThenAmount)
    .map((leg) => `${leg.account.key}=${leg.amount}`)
    .join(',');
  const about = [entry.user_id, entry.booking_id, entry.booking_player_id, entry.membership_id, entry.carnet_id, entry.enrolment_id, entry.tournament_player_id, entry.transaction_id, entry.rain_check_id, entry.reverses_id];
  const text = [entry.kind, entry.phase ?? 'posted', ...about.map((id) => (id === null || id === undefined ? '' : String(id))), legs].join('|');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
