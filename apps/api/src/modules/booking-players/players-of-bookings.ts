// The players of bookings for other modules' lists (the players of every open match listed): a relation
// their statement joins, so the list is one statement.
import { Prisma } from '../../lib/db.js';

/**
 * Every player not dropped, as a relation to join (its columns: id, booking_id, user_id, guest_name, paid,
 * paid_or_joined_since): a player joined in the last `recentMs` (PostgreSQL's clock) is a recent joiner. `paid` and `paid_or_joined_since`
 * are decided by PostgreSQL: a list of hundreds of players then parses no instant.
 */
export const playersNotDropped = (recentMs: number) =>
  Prisma.sql`(SELECT id, booking_id, user_id, guest_name, paid_at IS NOT NULL AS paid, (paid_at IS NOT NULL OR created_at > now() - ${recentMs} * interval '1 millisecond') AS paid_or_joined_since
    FROM booking_players WHERE status <> 'dropped')`;
