// The centre's VAPID key pair (docs/push.md#keys): made on the first start and kept in the database, so every
// process and every restart signs with the same keys and the browsers' subscriptions stay valid.
import webpush from 'web-push';
import type { Db } from '../../lib/db.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cached = new WeakMap<Db, Promise<VapidKeys>>();

async function readOrMake(db: Db): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  // Two processes starting at once: the first row wins, both read it.
  await db.pushVapidKeys.createMany({ data: [{ id: 1, publicKey: made.publicKey, privateKey: made.privateKey }], skipDuplicates: true });
  const { publicKey, privateKey } = await db.pushVapidKeys.findUniqueOrThrow({ where: { id: 1 } });
  return { publicKey, privateKey };
}

/** The keys, read once per process (made if the database has none yet). */
export function vapidKeysOf(db: Db): Promise<VapidKeys> {
  let keys = cached.get(db);
  if (!keys) {
    keys = readOrMake(db);
    keys.catch(() => cached.delete(db));
    cached.set(db, keys);
  }
  return keys;
}
