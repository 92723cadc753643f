// Web Push (docs/push.md): the centre's public VAPID key, a member's devices that accept notifications,
// and what the member wants to hear about, per kind, by push and by e-mail.
import { defineRoute } from './http.js';
import { defineMessages } from './messages.js';
import * as z from './zod-i18n.js';

const pushMessages = defineMessages({
  subscription: /* i18n */ { id: 'push.subscription', message: 'Iscrizione alle notifiche non valida.' },
});

/** Every kind of notification (docs/push.md#kinds); the match kinds are chosen now, sent once open matches exist. */
export const NOTIFICATION_KINDS = ['match_at_level', 'match_players', 'match_place_asked', 'match_full_or_cancelled', 'tournament_call', 'waitlist_offer', 'share_to_pay'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

const zKey = z.string(z.because(pushMessages.subscription)).min(1, z.because(pushMessages.subscription)).max(200, z.because(pushMessages.subscription)).regex(/^[A-Za-z0-9_-]+=*$/, z.because(pushMessages.subscription));
export const ZPushSubscriptionBody = z.object({
  endpoint: z.url({ ...z.because(pushMessages.subscription), protocol: /^https?$/ }).max(1000, z.because(pushMessages.subscription)),
  keys: z.object({ p256dh: zKey, auth: zKey }),
});
export type TPushSubscriptionBody = z.input<typeof ZPushSubscriptionBody>;
export const ZPushUnsubscribeBody = ZPushSubscriptionBody.pick({ endpoint: true });

export const ZNotificationPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  push: z.boolean(),
  email: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;
const ZPreferences = z.object({ data: z.array(ZNotificationPreference), devices: z.number().int() });
export type TNotificationPreferences = z.infer<typeof ZPreferences>;

/** What the service worker receives (encrypted) and shows: the text in the member's language, the page a tap opens. */
export const ZPushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), kind: z.enum(NOTIFICATION_KINDS) });
export type TPushPayload = z.infer<typeof ZPushPayload>;

export const pushRoutes = {
  publicKey: defineRoute({
    method: 'get', path: '/api/push/public-key', tag: 'push', access: 'public',
    summary: 'La chiave pubblica VAPID del centro, per iscrivere il browser alle notifiche', response: z.object({ public_key: z.string() }),
  }),
  subscribe: defineRoute({
    method: 'post', path: '/api/me/push-subscriptions', tag: 'push', access: 'user', successStatus: 201,
    summary: 'Registra questo dispositivo per le notifiche', body: ZPushSubscriptionBody, response: ZPreferences,
  }),
  unsubscribe: defineRoute({
    method: 'post', path: '/api/me/push-subscriptions/remove', tag: 'push', access: 'user',
    summary: 'Toglie questo dispositivo dalle notifiche', body: ZPushUnsubscribeBody, response: ZPreferences,
  }),
  preferences: defineRoute({
    method: 'get', path: '/api/me/notification-preferences', tag: 'push', access: 'user',
    summary: 'Le mie notifiche per tipo: push ed e-mail', response: ZPreferences,
  }),
  savePreferences: defineRoute({
    method: 'put', path: '/api/me/notification-preferences', tag: 'push', access: 'user',
    summary: 'Sceglie, per tipo, le notifiche push e le e-mail', body: z.object({ data: z.array(ZNotificationPreference).max(NOTIFICATION_KINDS.length) }), response: ZPreferences,
  }),
};
