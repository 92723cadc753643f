// Calls for Web Push (docs/push.md): the centre's public key, this device's subscription, the member's
// choices per kind. Subscribing asks the browser's permission and the push service for an address.
import type { TNotificationPreference, TNotificationPreferences } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const pushKeys = { preferences: ['push', 'preferences'] as const };

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export const useNotificationPreferences = () => useQuery({ queryKey: pushKeys.preferences, queryFn: () => callApi(api.push.preferences) });

function usePreferencesMutation<Variables>(mutationFn: (variables: Variables) => Promise<TNotificationPreferences>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (answer) => queryClient.setQueryData(pushKeys.preferences, answer) });
}

export const useSavePreferences = () => usePreferencesMutation((data: TNotificationPreference[]) => callApi(api.push.savePreferences, { body: { data } }));

/** The VAPID key as the push manager takes it. */
const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

/** Asks the browser's permission, subscribes this device and tells the API; false when the member refused. */
export const useSubscribeDevice = () =>
  usePreferencesMutation(async () => {
    if ((await Notification.requestPermission()) !== 'granted') throw new PermissionRefused();
    const registration = await navigator.serviceWorker.ready;
    const { public_key } = await callApi(api.push.publicKey);
    const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
    const { endpoint, keys } = subscription.toJSON();
    return callApi(api.push.subscribe, { body: { endpoint: endpoint!, keys: { p256dh: keys!.p256dh!, auth: keys!.auth! } } });
  });

export class PermissionRefused extends Error {}
