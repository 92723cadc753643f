// The member's notifications on /profilo (docs/push.md): turn them on for this device, then choose per kind
// whether it comes as a notification, by e-mail, both or neither.
import type { TNotificationPreference } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { ApiError } from '../../../lib/api-transport';
import { PermissionRefused, pushSupported, useNotificationPreferences, useSavePreferences, useSubscribeDevice } from '../api/push';
import { KIND_NAMES } from '../labels';

export function NotificationsSection() {
  const { i18n, t } = useLingui();
  const preferences = useNotificationPreferences();
  const subscribe = useSubscribeDevice();
  const save = useSavePreferences();
  // The member's changes not saved yet; saved, the answer's choices show.
  const [edited, setEdited] = useState<TNotificationPreference[] | null>(null);
  const choices = edited ?? preferences.data?.data ?? [];
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setSaid(null);
    try {
      await work();
      setSaid({ tone: 'success', text: done });
    } catch (error) {
      if (error instanceof PermissionRefused) setSaid({ tone: 'error', text: t`Il browser non permette le notifiche: abilitale nelle impostazioni del sito.` });
      else setSaid({ tone: 'error', text: error instanceof ApiError ? error.message : t`Non è stato possibile attivare le notifiche. Riprova più tardi.` });
    }
  };
  const toggle = (index: number, channel: 'push' | 'email') => setEdited(choices.map((choice, at) => (at === index ? { ...choice, [channel]: !choice[channel] } : choice)));
  const devices = preferences.data?.devices ?? 0;
  return (
    <CardSection titleId="notifications-title">
      <h2 id="notifications-title" className="text-lg font-semibold"><Trans>Notifiche</Trans></h2>
      <ReadState read={preferences} loading={t`Caricamento delle notifiche...`} failed={t`Non è stato possibile leggere le tue notifiche. Riprova più tardi.`} />
      {preferences.data && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-600">
              {devices === 0 ? <Trans>Nessun dispositivo riceve le notifiche.</Trans> : <Trans>Dispositivi che ricevono le notifiche: {devices}</Trans>}
            </p>
            {pushSupported() && (
              <Button size="sm" variant="secondary" loading={subscribe.isPending} onClick={() => void run(() => subscribe.mutateAsync(undefined), t`Notifiche attive su questo dispositivo.`)}>
                <Trans>Attiva su questo dispositivo</Trans>
              </Button>
            )}
          </div>
          <form noValidate onSubmit={(event) => { event.preventDefault(); void run(async () => { await save.mutateAsync(choices); setEdited(null); }, t`Preferenze salvate.`); }} className="space-y-3">
            <div className="overflow-x-auto">
              <table className="w-full min-w-[18rem] text-left text-sm">
                <thead>
                  <tr className="text-slate-500">
                    <th scope="col" className="py-1.5 pr-2"><Trans>Cosa</Trans></th>
                    <th scope="col" className="px-2 py-1.5 text-center"><Trans>Notifica</Trans></th>
                    <th scope="col" className="whitespace-nowrap px-2 py-1.5 text-center"><Trans>E-mail</Trans></th>
                  </tr>
                </thead>
                <tbody>
                  {choices.map((choice, index) => {
                    const name = i18n._(KIND_NAMES[choice.kind]);
                    return (
                      <tr key={choice.kind} className="border-t border-slate-100">
                        <th scope="row" className="py-2 pr-2 font-normal text-slate-800">{name}</th>
                        <td className="px-2 py-2 text-center"><input type="checkbox" className="h-5 w-5 accent-sea-700" aria-label={t`${name}: notifica`} checked={choice.push} onChange={() => toggle(index, 'push')} /></td>
                        <td className="px-2 py-2 text-center"><input type="checkbox" className="h-5 w-5 accent-sea-700" aria-label={t`${name}: e-mail`} checked={choice.email} onChange={() => toggle(index, 'email')} /></td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {said && <Alert tone={said.tone}>{said.text}</Alert>}
            <Button type="submit" size="sm" loading={save.isPending}><Trans>Salva le preferenze</Trans></Button>
          </form>
        </>
      )}
    </CardSection>
  );
}
