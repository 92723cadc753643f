import type { Setting } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';

/** The centre's settings (season, horizon, hold, notice, limits): the one row the migration creates. */
export const readSettings = (db: Pick<Db, 'setting'>): Promise<Setting> => db.setting.findUniqueOrThrow({ where: { id: 1 } });
