import type { Prisma, Setting } from '../../generated/prisma/client.js';
import { audit, rowOf } from '../../lib/audit.js';
import { type Db, TRANSACTION_OPTIONS } from '../../lib/db.js';

/** The centre's settings (season, horizon, hold, notice, limits): the one row the migration creates. */
export const readSettings = (db: Pick<Db, 'setting'>): Promise<Setting> => db.setting.findUniqueOrThrow({ where: { id: 1 } });

/**
 * Changes some of the settings, with its audit entry in the same transaction: the one row is named
 * without an id (there is no other), the whole row before and after. An unchanged save is recorded too.
 */
export const saveSettings = (db: Db, data: Prisma.SettingUpdateInput): Promise<Setting> =>
  db.$transaction(async (tx) => {
    const before = await rowOf(tx, 'settings', 1);
    const settings = await tx.setting.update({ where: { id: 1 }, data });
    await audit(tx, { entity: 'settings', id: null, action: 'update', before, after: await rowOf(tx, 'settings', 1), subjectUserId: null });
    return settings;
  }, TRANSACTION_OPTIONS);
