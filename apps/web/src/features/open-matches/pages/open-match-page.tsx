// /partite/{id} (docs/open-matches.md): one match — its players and their levels, the places left, the
// price of a part and the time left — and what the viewer may do: join and pay, ask, answer requests,
// leave, keep it; its address is the link to share.
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TestModeNotice } from '../../../components/test-mode-notice';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { formatDateTime, formatMoney, whenText } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { useCheckoutCancelled } from '../../../lib/use-checkout-cancelled';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMatchActions, useOpenMatch } from '../api/open-matches';
import { LevelGate } from '../components/level-gate';
import { LevelText } from '../components/match-card';
import { MatchResult } from '../components/match-result';
import { MatchRequests } from '../components/match-requests';
import { FORMAT_NAMES, GENDER_NAMES } from '../labels';

export default function OpenMatchPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Partita aperta`);
  const id = Number(useParams().matchId);
  const match = useOpenMatch(id);
  const actions = useMatchActions(id);
  const cancelled = useCheckoutCancelled();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const data = match.data;
  const busy = Object.values(actions).some((action) => action.isPending);

  const run = async (action: () => Promise<unknown>) => {
    setMessage(null);
    try {
      const result = await action();
      if (result && typeof result === 'object' && 'message' in result && typeof result.message === 'string') setMessage({ tone: 'success', text: result.message });
    } catch (error) {
      setMessage({ tone: 'error', text: serverMessage(error) ?? t`Si è verificato un errore. Riprova più tardi.` });
    }
  };
  // The link for chat apps: a preview (Open Graph) in this page's language that leads to this page.
  const shareLink = typeof window === 'undefined' ? '' : `${window.location.origin}/api/open-matches/${id}/preview?lang=${i18n.locale}`;
  async function copyLink() {
    await navigator.clipboard?.writeText(shareLink).catch(() => undefined);
    setCopied(true);
  }

  const me = data?.players.find((player) => player.is_me);
  const organiser = Boolean(me?.organiser);
  const part = data && formatMoney(data.part);
  const cutoff = data && formatDateTime(data.cutoff_at);
  const canJoin = data?.my_way_in === 'join' || data?.my_way_in === 'accepted';
  const canKeep = organiser && data?.state === 'open' && data.places_left > 0;

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:py-12">
      <TestModeNotice />
      <h1 className="text-2xl font-bold text-sea-900">{data ? i18n._(FORMAT_NAMES[data.format]) : <Trans>Partita aperta</Trans>}</h1>
      {match.isPending && <Spinner label={t`Caricamento della partita...`} />}
      {match.isError && (
        <Alert
          tone="error"
          action={
            <Link to={localizedTo(i18n.locale as Locale, paths.openMatches)} className={buttonClasses('secondary', 'sm')}>
              <Trans>Partite aperte</Trans>
            </Link>
          }
        >
          <Trans>Partita non trovata.</Trans>
        </Alert>
      )}
      {data && (
        <div className="space-y-5 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">
              <Trans>Quando</Trans>
            </dt>
            <dd className="text-slate-800 first-letter:uppercase">{whenText(data)}</dd>
            <dt className="text-slate-500">
              <Trans>Campo</Trans>
            </dt>
            <dd className="text-slate-800">{data.court}</dd>
            <dt className="text-slate-500">
              <Trans>Livello</Trans>
            </dt>
            <dd className="text-slate-800">
              <LevelText match={data} /> · {i18n._(GENDER_NAMES[data.gender])}
            </dd>
            <dt className="text-slate-500">
              <Trans>Quota</Trans>
            </dt>
            <dd className="text-lg font-bold text-sea-900">{part}</dd>
            <dt className="text-slate-500">
              <Trans>Posti liberi</Trans>
            </dt>
            <dd className="text-slate-800" data-testid="places-left">
              {data.places_left} / {data.players_count}
            </dd>
            <dt className="text-slate-500">
              <Trans>Da completare entro</Trans>
            </dt>
            <dd className="text-slate-800">{cutoff}</dd>
          </dl>
          {data.note && <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{data.note}</p>}
          <section aria-label={t`Giocatori`}>
            <h2 className="font-semibold text-sea-900">
              <Trans>Giocatori</Trans>
            </h2>
            <ul className="mt-2 space-y-1 text-sm">
              {data.players.map((player, index) => (
                <li key={player.user_id ?? `walk-in-${index}`} className="flex justify-between gap-2">
                  <span className="text-slate-800">
                    {player.name} {player.organiser && <span className="text-slate-500">({t`organizza`})</span>}
                    {player.leaving && <span className="text-amber-700"> ({t`offre il suo posto`})</span>}
                  </span>
                  <span className="text-slate-500">{player.level === null ? t`livello non ancora noto` : i18n.number(player.level, { minimumFractionDigits: 1 })}</span>
                </li>
              ))}
            </ul>
          </section>
          {cancelled && !message && data.my_way_in !== 'in' && (
            <Alert tone="info">
              <Trans>Pagamento annullato: non ti è stato addebitato nulla.</Trans>
            </Alert>
          )}
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          {data.state === 'cancelled' && <Alert tone="warning">{t`Questa partita è stata annullata: le quote sono tornate da dove erano state pagate.`}</Alert>}
          {data.state === 'full' && <Alert tone="success">{t`La partita è al completo: ci vediamo in campo!`}</Alert>}
          {data.state === 'kept' && <Alert tone="success">{t`L’organizzatore ha pagato i posti mancanti: la partita si gioca.`}</Alert>}
          {data.my_way_in === 'asked' && <Alert>{t`Hai chiesto un posto: potrai entrare quando tutti i giocatori avranno accettato.`}</Alert>}
          {data.my_way_in === 'accepted' && <Alert tone="success">{t`Tutti i giocatori hanno accettato: entra e paga la tua quota.`}</Alert>}
          {canJoin && (
            <div className="flex flex-wrap gap-3">
              <Button disabled={busy} loading={actions.join.isPending && actions.join.variables === 'credit'} loadingText={t`Pagamento...`} onClick={() => void run(() => actions.join.mutateAsync('credit'))}>
                <Trans>Entra e paga {part} con il credito</Trans>
              </Button>
              <Button variant="secondary" disabled={busy} loading={actions.join.isPending && actions.join.variables === 'card'} loadingText={t`Apertura del pagamento...`} onClick={() => void run(() => actions.join.mutateAsync('card'))}>
                <Trans>Entra e paga con carta</Trans>
              </Button>
            </div>
          )}
          {data.my_way_in === 'ask' && (
            <LevelGate match={data}>
              <div className="space-y-2">
                <p className="text-sm text-slate-600">
                  <Trans>Il tuo livello in questo sport non rientra in quello della partita, o non è ancora noto: chiedi il posto, e potrai pagare quando tutti i giocatori avranno accettato.</Trans>
                </p>
                <Button disabled={busy} loading={actions.ask.isPending} loadingText={t`Invio...`} onClick={() => void run(() => actions.ask.mutateAsync())}>
                  <Trans>Chiedi il posto</Trans>
                </Button>
              </div>
            </LevelGate>
          )}
          <MatchRequests
            match={data}
            organiser={organiser}
            busy={busy}
            onAnswer={(requestId, accept) => void run(() => actions.answer.mutateAsync({ requestId, accept }))}
            onWithdrawRefusal={(requestId, playerId) => void run(() => actions.withdrawRefusal.mutateAsync({ requestId, playerId }))}
          />
          <MatchResult match={data} />
          {(canKeep || data.can_leave) && (
            <div className="flex flex-wrap gap-3 border-t border-slate-100 pt-4">
              {canKeep && (
                <Button variant="secondary" disabled={busy} loading={actions.keep.isPending} onClick={() => void run(() => actions.keep.mutateAsync())}>
                  <Trans>Tieni la partita: paga tu i posti mancanti con il credito</Trans>
                </Button>
              )}
              {data.can_leave && (
                // After the cut-off a player leaves only by offering their place; once begun, not at all (docs/open-matches.md#filling-rules).
                <Button variant="ghost" disabled={busy} loading={actions.leave.isPending} onClick={() => void run(() => actions.leave.mutateAsync())}>
                  {Date.parse(data.cutoff_at) > match.dataUpdatedAt ? <Trans>Non posso giocare: lascia la partita</Trans> : <Trans>Non posso giocare: offri il mio posto</Trans>}
                </Button>
              )}
            </div>
          )}
          {data.state === 'open' && (
            <div className="space-y-2 border-t border-slate-100 pt-4 text-sm">
              <p className="text-slate-600">
                <Trans>Invita altri giocatori con il link della partita:</Trans>
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <code className="break-all rounded bg-slate-100 px-2 py-1 text-xs text-slate-700">{shareLink}</code>
                <Button size="sm" variant="secondary" onClick={() => void copyLink()}>
                  {copied ? <Trans>Link copiato</Trans> : <Trans>Copia il link</Trans>}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
