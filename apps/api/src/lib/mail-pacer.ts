// The one pace of bulk e-mail (docs/domain.md#bulk-e-mail). Every bulk sender — the broadcast job, the
// rain check's member e-mails — of every process (API and worker both work jobs) takes its turns from one
// row of PostgreSQL (mail_pacer), so MAIL_RATE_PER_SECOND is the total the provider sees, not each
// sender's. A turn is one statement: it takes the next free slot and moves it on by one interval,
// atomically (the row lock orders concurrent senders), from the database's clock; the sender then sleeps
// until its slot. The slot never starts in the past (greatest with the clock), so an idle pacer, or a
// slot taken long ago and never used, gives no burst later.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './db.js';

export interface MailPacer {
  /**
   * Waits for this sender's turn to hand one message to the mail server: true when it has come (send
   * now), false when `signal` is aborted, before or during the wait (send nothing: the job is stopping).
   */
  wait(signal?: AbortSignal): Promise<boolean>;
}

/**
 * One turn: the slot this sender got (on the database's clock) and how long until it starts. The
 * row comes with the migration; the insert only puts it back should it ever be missing. The clock is
 * read after the row lock is taken, so a sender that waited for it never gets a slot in the past; the
 * wait is measured on the same clock, so the hosts' clocks need not agree.
 */
export async function takeTurn(db: Pick<Db, '$queryRaw'>, intervalSeconds: number): Promise<{ slot: Date; waitMs: number }> {
  const [turn] = await db.$queryRaw<{ slot: Date; wait_ms: number }[]>`
    INSERT INTO mail_pacer AS p (id, next_at) VALUES (1, clock_timestamp() + make_interval(secs => ${intervalSeconds}::float8))
    ON CONFLICT (id) DO UPDATE SET next_at = greatest(p.next_at, clock_timestamp()) + make_interval(secs => ${intervalSeconds}::float8)
    RETURNING p.next_at - make_interval(secs => ${intervalSeconds}::float8) AS slot,
      (extract(epoch FROM p.next_at - clock_timestamp()) - ${intervalSeconds}::float8)::float8 * 1000 AS wait_ms`;
  return { slot: turn!.slot, waitMs: turn!.wait_ms };
}

/** A pacer over `db` at `ratePerSecond` messages in total across every sender and process. */
export function createMailPacer(db: Db, ratePerSecond: number): MailPacer {
  const intervalSeconds = 1 / ratePerSecond;
  return {
    async wait(signal) {
      if (signal?.aborted) return false;
      const { waitMs } = await takeTurn(db, intervalSeconds);
      if (waitMs > 0) {
        try {
          await sleep(waitMs, undefined, { signal });
        } catch (error) {
          if (signal?.aborted) return false;
          throw error;
        }
      }
      return !signal?.aborted;
    },
  };
}
