// express-rate-limit's counters in PostgreSQL (table rate_limit_hits), so a limit holds across every
// API process on the database instead of being multiplied by their number.
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Db } from './db.js';

export class PostgresRateLimitStore implements Store {
  private windowSeconds = 60;
  /** Keys of different limits never meet: each store has its own prefix. */
  constructor(
    private readonly db: Db,
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowSeconds = options.windowMs / 1000;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    // One statement, timed by the database's clock: the upsert counts the hit atomically (two
    // processes never both read 29 and both let the 30th through) or starts a new window once the
    // client's has ended; other clients' ended windows are deleted on the way.
    const [row] = await this.db.$queryRaw<{ hits: number; reset_at: Date }[]>`
      WITH ended AS (DELETE FROM rate_limit_hits WHERE reset_at <= now() AND key <> ${this.prefix + key})
      INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (${this.prefix + key}, 1, now() + make_interval(secs => ${this.windowSeconds}::float8))
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limit_hits.reset_at <= now() THEN 1 ELSE rate_limit_hits.hits + 1 END,
        reset_at = CASE WHEN rate_limit_hits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit_hits.reset_at END
      RETURNING hits, reset_at`;
    return { totalHits: row!.hits, resetTime: row!.reset_at };
  }

  async decrement(key: string) {
    await this.db.$executeRaw`UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = ${this.prefix + key} AND reset_at > now() AND hits > 0`;
  }

  async resetKey(key: string) {
    await this.db.rateLimitHit.deleteMany({ where: { key: this.prefix + key } });
  }
}
