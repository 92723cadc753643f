// A member's devices and choices of notifications (docs/push.md), and the public key browsers subscribe with.
import { NOTIFICATION_KINDS, type TNotificationPreference, type TNotificationPreferences, type TPushSubscriptionBody } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { DEFAULT_CHOICE } from './notify.js';
import { vapidKeysOf } from './vapid-keys.js';

export function createPushService({ db }: Pick<AppDeps, 'db'>) {
  async function preferencesOf(userId: number): Promise<TNotificationPreferences> {
    const [rows, devices] = await Promise.all([db.notificationPreference.findMany({ where: { userId } }), db.pushSubscription.count({ where: { userId } })]);
    const chosen = new Map(rows.map((row) => [row.kind, row]));
    return { data: NOTIFICATION_KINDS.map((kind) => ({ kind, push: chosen.get(kind)?.push ?? DEFAULT_CHOICE.push, email: chosen.get(kind)?.email ?? DEFAULT_CHOICE.email })), devices };
  }

  return {
    /** Makes the keys on the first start (runtime.ts), so the first browser never waits for them. */
    ensureKeys: () => vapidKeysOf(db).then(() => undefined),

    async publicKey() {
      return { public_key: (await vapidKeysOf(db)).publicKey };
    },

    /** This device: its endpoint is the push service's address for it; a device moving account follows the new one. */
    async subscribe(user: { id: number }, { endpoint, keys }: TPushSubscriptionBody) {
      await db.pushSubscription.upsert({
        where: { endpoint },
        create: { userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth },
        update: { userId: user.id, p256dh: keys.p256dh, auth: keys.auth },
      });
      return preferencesOf(user.id);
    },

    async unsubscribe(user: { id: number }, { endpoint }: { endpoint: string }) {
      await db.pushSubscription.deleteMany({ where: { endpoint, userId: user.id } });
      return preferencesOf(user.id);
    },

    preferences: (user: { id: number }) => preferencesOf(user.id),

    async savePreferences(user: { id: number }, choices: TNotificationPreference[]) {
      await db.$transaction(async (tx) => {
        for (const { kind, push, email } of choices) {
          await tx.notificationPreference.upsert({ where: { userId_kind: { userId: user.id, kind } }, create: { userId: user.id, kind, push, email }, update: { push, email } });
        }
      }, TRANSACTION_OPTIONS);
      return preferencesOf(user.id);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
