// Sends one push to one device (the 'push-send' job): the payload encrypted for the device's keys (RFC 8291,
// aes128gcm) and signed with the centre's VAPID keys. A device the push service no longer knows (404, 410)
// is removed; any other failure is retried by the job.
import type { TPushPayload } from '@beach/contracts';
import webpush from 'web-push';
import type { AppDeps } from '../../deps.js';
import { vapidKeysOf } from './vapid-keys.js';

/** How long a push service keeps a notification for a device that is offline. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/** VAPID's contact: the sender address of the centre's e-mails. */
const contactOf = (mailFrom: string) => `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom}`;

export function createPushSender({ db, config, logger }: Pick<AppDeps, 'db' | 'config' | 'logger'>) {
  return async function sendPush({ subscriptionId, payload }: { subscriptionId: number; payload: TPushPayload }): Promise<void> {
    const device = await db.pushSubscription.findUnique({ where: { id: subscriptionId } });
    if (!device) return; // removed since: nothing to send
    const keys = await vapidKeysOf(db);
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: contactOf(config.MAIL_FROM), publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TIME_TO_LIVE_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    const response = await fetch(request.endpoint, { method: request.method, headers: request.headers, body: new Uint8Array(request.body as Buffer), signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
    if (response.status === 404 || response.status === 410) {
      await db.pushSubscription.deleteMany({ where: { id: device.id } });
      logger.info({ subscriptionId }, 'Dispositivo non più iscritto alle notifiche: tolto');
      return;
    }
    if (!response.ok) throw new Error(`Il servizio push ha risposto ${response.status}`);
  };
}
