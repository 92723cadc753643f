// Registering on the live page: a signed-out visitor is sent to sign in first; a member registers with a
// partner's e-mail (a member, or a guest who is invited), alone for King of the Beach, on the waiting list
// when full; their entry then shows with their part to pay.
import { titleIn, type TMyEntry, type TTournamentLive } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-transport';
import { formatDateTime } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { useMyTournamentEntries, useRegister } from '../api/tournaments';
import { MyEntry } from './my-entry';

/** The member's entry in this tournament (a withdrawn one no longer counts). */
export const entryIn = (entries: readonly TMyEntry[] | undefined, tournamentId: number) =>
  entries?.find((entry) => entry.tournament.id === tournamentId && entry.status !== 'withdrawn');

export function Registration({ live }: { live: TTournamentLive }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const mine = useMyTournamentEntries(Boolean(user));
  const [open, setOpen] = useState(false);
  // The registration's answer ("the place is yours", "you are on the waiting list"): the entry replaces
  // the form as soon as the entries are read again, so the answer is shown with it, not in the dialog.
  const [notice, setNotice] = useState<string>();
  const entry = entryIn(mine.data, live.id);
  const closesAt = formatDateTime(live.registration_closes_at);
  const full = live.entries_taken >= live.max_entries;
  const alone = live.format === 'king_of_the_beach';
  // The live page calls the member's match out at its top: the entry does not say it again.
  if (entry) return <MyEntry key={notice} entry={entry} notice={notice} calledShownAbove />;
  if (!live.registration_open) return <p className="text-sm text-slate-600"><Trans>Iscrizioni chiuse</Trans></p>;
  if (!user) {
    return (
      <Link to={`${localizedTo(i18n.locale as Locale, paths.login)}?redirect=${encodeURIComponent(pathname)}`} className={buttonClasses('primary')}>
        <Trans>Accedi per iscriverti</Trans>
      </Link>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600"><Trans>Iscrizioni aperte fino al {closesAt}</Trans></p>
      {full && <p className="text-sm text-slate-600"><Trans>Il torneo è al completo: chi si iscrive ora va in lista d’attesa.</Trans></p>}
      <Button onClick={() => setOpen(true)} disabled={mine.isPending}>
        {full ? <Trans>Mettiti in lista d’attesa</Trans> : alone ? <Trans>Iscriviti</Trans> : <Trans>Iscriviti con un compagno</Trans>}
      </Button>
      {open && <RegisterDialog live={live} alone={alone} onClose={() => setOpen(false)} onRegistered={(message) => {
        setNotice(message);
        setOpen(false);
      }} />}
    </div>
  );
}

function RegisterDialog({ live, alone, onClose, onRegistered }: { live: TTournamentLive; alone: boolean; onClose: () => void; onRegistered: (message: string) => void }) {
  const { i18n, t } = useLingui();
  const register = useRegister(live.id);
  const [email, setEmail] = useState('');
  // `text` above the form (the server's answer), `field` under the e-mail (what is wrong with it).
  const [failure, setFailure] = useState<{ text?: string; field?: string } | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!alone && email.trim() === '') return setFailure({ field: t`Indica l’e-mail del tuo compagno o della tua compagna.` });
    try {
      onRegistered((await register.mutateAsync(alone ? null : email.trim())).message);
    } catch (error) {
      setFailure(error instanceof ApiError ? { text: error.message, field: error.errors?.partner_email?.[0] } : { text: t`Non è stato possibile completare l’iscrizione. Riprova più tardi.` });
    }
  };
  return (
    <Modal open title={titleIn(i18n.locale, live)} onClose={onClose}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
        {failure?.text && <Alert tone="error">{failure.text}</Alert>}
        {alone ? (
          <p className="text-sm text-slate-700"><Trans>King of the Beach: ti iscrivi da solo/a, le coppie cambiano a ogni partita.</Trans></p>
        ) : (
          <Input
            label={t`E-mail del compagno o della compagna`}
            hint={t`Un socio, o un ospite: gli scriviamo per invitarlo a registrarsi. Ognuno paga la propria quota.`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={failure?.field}
          />
        )}
        <Button type="submit" loading={register.isPending} loadingText={t`Iscrizione...`}><Trans>Conferma l’iscrizione</Trans></Button>
      </form>
    </Modal>
  );
}
