// One of the member's entries: its status, each player paid or not ("In attesa del pagamento del
// compagno"), the member's part to pay (by card or with credit), the offer of a freed place, the next
// match ("Tocca a voi: campo C3 alle 16:30" once called) and, while registration is open, withdrawing.
import { titleIn, type TMyEntry } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatMoney, formatTime } from '../../../lib/format';
import { useActionOutcome } from '../../../lib/use-action-outcome';
import { localizedTo } from '../../../lib/i18n';
import { PayByTransfer } from '../../bank-transfer';
import { useCreditCovers } from '../../credit';
import { usePayEntryByCard, usePayEntryWithCredit, useWithdrawEntry } from '../api/tournaments';
import { ENTRY_STATUS } from '../labels';
import { tournamentPath } from './tournament-card';

/** `calledShownAbove`: the page already says "Tocca a voi" above, so the entry only says a match not called yet. */
export function MyEntry({ entry, notice, showName = false, calledShownAbove = false }: { entry: TMyEntry; notice?: string; showName?: boolean; calledShownAbove?: boolean }) {
  const { i18n, t } = useLingui();
  const byCard = usePayEntryByCard();
  const withCredit = usePayEntryWithCredit();
  const withdraw = useWithdrawEntry();
  const { confirm, dialog } = useConfirm();
  const { outcome, run } = useActionOutcome(notice, t`Non è stato possibile completare l’operazione. Riprova più tardi.`);
  const me = entry.players.find((player) => player.me);
  const partners = entry.players.filter((player) => !player.me);
  const owed = me && Number(me.owed) > 0 ? formatMoney(me.owed) : null;
  const creditCovers = useCreditCovers(me?.owed);
  const active = entry.status !== 'withdrawn';
  const status = ENTRY_STATUS[entry.status];
  const offeredUntil = entry.offered_until && formatDateTime(entry.offered_until);
  const onWithdraw = async () => {
    const confirmed = await confirm({
      title: t`Ritirare l’iscrizione?`,
      message: t`La coppia lascia il torneo; ognuno riceve indietro la propria quota pagata.`,
      confirmLabel: t`Ritira l’iscrizione`,
      tone: 'danger',
    });
    if (confirmed) await run(async () => (await withdraw.mutateAsync(entry.id)).message);
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {showName && (
          <Link to={localizedTo(i18n.locale as Locale, tournamentPath(entry.tournament.id))} className="font-medium text-sea-800 underline hover:text-sea-900">
            {titleIn(i18n.locale, entry.tournament)}
          </Link>
        )}
        <Badge tone={status.tone}>{i18n._(status.label)}</Badge>
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <ul className="space-y-1 text-sm text-slate-700">
        {entry.players.map(({ id, name, me: mine, invited, paid }) => (
          <li key={id} className="flex flex-wrap items-center justify-between gap-2">
            <span>{mine ? <Trans>{name} (tu)</Trans> : name}{invited && <> · <Trans>invitato/a per e-mail</Trans></>}</span>
            {paid ? <Badge tone="green"><Trans>Pagato</Trans></Badge> : <Badge tone="yellow"><Trans>Da pagare</Trans></Badge>}
          </li>
        ))}
      </ul>
      {active && me?.paid && partners.some((player) => !player.paid) && <p className="text-sm text-slate-600"><Trans>In attesa del pagamento del compagno</Trans></p>}
      {entry.status === 'waiting' && !offeredUntil && <p className="text-sm text-slate-600"><Trans>Siete in lista d’attesa: vi scriviamo se si libera un posto.</Trans></p>}
      {offeredUntil && <p className="text-sm font-medium text-amber-800"><Trans>Si è liberato un posto: pagate entro {offeredUntil} per prenderlo.</Trans></p>}
      {!(calledShownAbove && entry.next_match?.called) && <NextMatch entry={entry} />}
      <div className="flex flex-wrap gap-2">
        {active && owed && (entry.status !== 'waiting' || offeredUntil) && (
          <>
            <Button size="sm" loading={byCard.isPending} loadingText={t`Apertura del pagamento...`} onClick={() => void run(async () => void (await byCard.mutateAsync(entry.id)))}>
              <Trans>Paga la tua quota ({owed}) con la carta</Trans>
            </Button>
            {creditCovers && (
              <Button size="sm" variant="secondary" loading={withCredit.isPending} loadingText={t`Pagamento...`} onClick={() => void run(async () => (await withCredit.mutateAsync(entry.id)).message)}>
                <Trans>Paga con il credito</Trans>
              </Button>
            )}
          </>
        )}
        {active && entry.tournament.registration_open && (
          <Button size="sm" variant="secondary" loading={withdraw.isPending} onClick={() => void onWithdraw()}><Trans>Ritira l’iscrizione</Trans></Button>
        )}
      </div>
      {active && owed && (entry.status !== 'waiting' || offeredUntil) && <PayByTransfer owed={{ kind: 'tournament', entryId: entry.id }} />}
      {dialog}
    </div>
  );
}

/** The entry's next match: "Tocca a voi" once called, else when and where (nothing before the draw places it). */
export function NextMatch({ entry }: { entry: TMyEntry }) {
  const next = entry.next_match;
  if (!next?.starts_at) return null;
  const court = next.court ?? '';
  const time = formatTime(next.starts_at);
  if (next.called) return <p className="rounded-lg bg-amber-100 px-3 py-2 font-semibold text-amber-900"><Trans>Tocca a voi: campo {court} alle {time}</Trans></p>;
  const when = formatDateTime(next.starts_at);
  return <p className="text-sm text-slate-700"><Trans>Prossima partita: campo {court}, {when}</Trans></p>;
}
