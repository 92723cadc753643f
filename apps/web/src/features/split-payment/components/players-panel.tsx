// The players of a booking and who has paid (docs/domain.md#split-payment): on the organiser's payment
// page, where they add members or guests while the booking is held, on their bookings once paid, and on
// the desk's booking detail.
import { ZEmail, z, type TBookingPlayer, type TBookingSplit, type TPlayerCandidate } from '@beach/contracts';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { serverMessage } from '../../../lib/api-errors';
import { useBookingSplit, useChangePlayers, usePlayerSearch } from '../api/split-payment';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { ORGANISER_PAID, PAID_BY_ORGANISER, PAID_BY_PLAYER, PLAYER_STATUS_NAMES } from '../labels';

const STATUS_TONES: Record<TBookingPlayer['status'], BadgeTone> = { invited: 'yellow', paid: 'green', dropped: 'neutral', charged_to_organiser: 'red' };

/** "Pagata con carta", "Pagata in segreteria", "Pagata dall’organizzatore con credito"… */
function statusText(i18n: I18n, player: TBookingPlayer) {
  if (!player.paid_with) return i18n._(PLAYER_STATUS_NAMES[player.status]);
  return i18n._((player.status === 'charged_to_organiser' ? PAID_BY_ORGANISER : PAID_BY_PLAYER)[player.paid_with]);
}

/** "Pagata con carta", "con credito e carta", "in segreteria"... or "Da pagare". */
function organiserStatus(i18n: I18n, split: TBookingSplit) {
  const how = split.organiser_paid_with;
  if (!how) return { text: i18n._(PLAYER_STATUS_NAMES.invited), tone: 'yellow' as const };
  return { text: i18n._(ORGANISER_PAID[how]), tone: 'green' as const };
}

/** What tells namesakes apart: the card's last digits, having played together, the masked address. */
function candidateHints(i18n: I18n, member: TPlayerCandidate) {
  const ending = member.card_ending;
  return [member.played_with_you && i18n._(msg`avete già giocato insieme`), ending && i18n._(msg`tessera …${ending}`), member.email].filter(Boolean).join(' · ');
}

const ZGuest = z.object({ email: ZEmail });

function AddPlayers({ bookingId }: { bookingId: number }) {
  const { i18n, t } = useLingui();
  const { add } = useChangePlayers(bookingId);
  const [query, setQuery] = useState('');
  // A whole address is never searched (the search would tell whether it has an account): it is added as typed.
  const typedEmail = ZEmail.safeParse(query);
  const typedAddress = typedEmail.data;
  const search = usePlayerSearch(useDebounced(query.includes('@') ? '' : query, 300));
  const [error, setError] = useState<string | null>(null);
  const { field, submit, failure, reset } = useZodForm({ schema: ZGuest, defaultValues: { email: '' }, messages: { failed: t`Non è stato possibile invitare l’ospite. Riprova più tardi.` } });

  const addFromSearch = async (body: { user_id: number } | { email: string }) => {
    setError(null);
    const asked = query;
    try {
      await add.mutateAsync(body);
      // The list shows the new player before this line runs: a name typed meanwhile for the next one stays.
      setQuery((current) => (current === asked ? '' : current));
    } catch (failed) {
      setError(serverMessage(failed) ?? t`Non è stato possibile aggiungere il giocatore. Riprova più tardi.`);
    }
  };

  return (
    <div className="space-y-3 rounded-lg bg-sea-50 p-3">
      <Input
        label={t`Aggiungi un socio`}
        placeholder={t`Nome o cognome`}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
        hint={t`Almeno 3 lettere. Più soci con lo stesso nome? Scrivi sotto la sua e-mail completa: lo aggiungiamo esattamente.`}
      />
      {typedEmail.success && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded bg-white px-3 py-2 text-sm">
          <span className="min-w-0 break-all text-slate-700">
            <Trans>Aggiungi chi ha l’indirizzo {typedAddress}: riceve l’invito lì.</Trans>
          </span>
          <Button size="sm" variant="secondary" onClick={() => void addFromSearch({ email: typedEmail.data })} loading={add.isPending && add.variables?.email === typedEmail.data} loadingText={t`Invito...`}>
            <Trans>Invita</Trans>
          </Button>
        </div>
      )}
      {search.data && search.data.length === 0 && (
        <p className="text-sm text-slate-600">
          <Trans>Nessun socio trovato con questo nome: aggiungilo con la sua e-mail.</Trans>
        </p>
      )}
      {search.data && search.data.length > 0 && (
        <ul aria-label={t`Soci trovati`} className="space-y-1">
          {search.data.map((member) => {
            const memberName = member.name;
            return (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 rounded bg-white px-3 py-2">
                <span className="min-w-0 text-sm">
                  <span className="block font-medium text-slate-800">{member.name}</span> <span className="block text-slate-500">{candidateHints(i18n, member)}</span>
                </span>
                <Button size="sm" variant="secondary" onClick={() => void addFromSearch({ user_id: member.id })} loading={add.isPending && add.variables?.user_id === member.id} loadingText={t`Aggiunta...`}>
                  <Trans>Aggiungi {memberName}</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <form
        onSubmit={submit(async (body) => {
          await add.mutateAsync(body);
          reset({ email: '' });
        })}
        noValidate
        className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <Input
          label={t`Oppure aggiungi con l’e-mail`}
          type="email"
          placeholder={t`e-mail del giocatore`}
          autoComplete="off"
          hint={t`Socio o ospite: riceve l’invito a questo indirizzo e compare con il suo nome quando paga la quota.`}
          {...field('email')}
        />
        <Button type="submit" variant="secondary" loading={add.isPending && add.variables?.email !== undefined} loadingText={t`Invito...`}>
          <Trans>Invita</Trans>
        </Button>
      </form>
      <FormAlert failure={failure} />
    </div>
  );
}

export function PlayersPanel({ bookingId, staffView = false, heading: Heading = 'h2' }: { bookingId: number; staffView?: boolean; heading?: 'h2' | 'h3' }) {
  const { i18n, t } = useLingui();
  const split = useBookingSplit(bookingId);
  const { remove } = useChangePlayers(bookingId);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const data = split.data;
  if (!data) return null;
  const players = data.players.filter((player) => player.status !== 'dropped' || staffView);
  if (!data.can_manage && !data.invitations_closed && players.length === 0) return null;
  const organiser = organiserStatus(i18n, data);
  const paid = data.booking_status === 'confirmed';
  const others = data.max_players - 1;
  const deadline = formatDateTime(data.deadline);
  const price = formatMoney(data.price);
  const owed = formatMoney(data.owed);
  const organiserName = data.organiser;
  return (
    <section aria-labelledby={`players-${bookingId}`} className="space-y-3">
      <Heading id={`players-${bookingId}`} className="font-semibold text-slate-800">
        <Trans>Giocatori e quote</Trans>
      </Heading>
      {data.can_manage && !paid && (
        <p className="text-sm text-slate-600">
          <Trans>Dividi il campo con fino a {others} giocatori: ognuno riceve un’e-mail per pagare la sua quota, con carta o credito, entro il {deadline}; dopo, le quote mancanti passano a te.</Trans>
        </p>
      )}
      {data.can_manage && paid && players.length < data.max_players - 1 && (
        <p className="text-sm text-slate-600">
          <Trans>Hai già pagato la tua parte: se aggiungi un giocatore, la parte che ora paga lui torna subito sul tuo credito.</Trans>
        </p>
      )}
      {data.invitations_closed && !paid && (
        <p className="text-sm text-slate-600">
          <Trans>La partita inizia tra poco: non c’è più tempo per invitare giocatori a pagare una quota. Paghi tu l’intero campo.</Trans>
        </p>
      )}
      <ul aria-label={t`Giocatori`} className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <span className="min-w-0 text-slate-800">
            <span className="font-medium">{staffView ? t`${organiserName} (organizzatore)` : t`Tu (organizzatore)`}</span> {players.length > 0 && <Badge tone={organiser.tone}>{organiser.text}</Badge>}
          </span>
          <span className="text-slate-700">{formatMoney(data.organiser_share)}</span>
        </li>
        {players.map((player) => {
          const playerName = player.name;
          return (
            <li key={player.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 break-all text-slate-800">
                {player.name} {player.guest && (
                  <span className="text-slate-500">
                    <Trans>(invitato per e-mail)</Trans>
                  </span>
                )}{' '}
                <Badge tone={STATUS_TONES[player.status]}>{statusText(i18n, player)}</Badge>
              </span>
              <span className="flex items-center gap-2 text-slate-700">
                {formatMoney(player.share)}
                {data.can_manage && player.status === 'invited' && !player.paid_with && (
                  <Button size="sm" variant="ghost" aria-label={t`Togli ${playerName}`} onClick={() => {
                      setRemoveError(null);
                      remove.mutateAsync(player.id).catch((failed: unknown) => setRemoveError(serverMessage(failed) ?? t`Non è stato possibile togliere il giocatore. Riprova più tardi.`));
                    }} loading={remove.isPending && remove.variables === player.id} loadingText="...">
                    <Trans>Togli</Trans>
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {removeError && <Alert tone="error">{removeError}</Alert>}
      {(paid || !data.can_manage) && players.length > 0 && (
        <p className="text-sm text-slate-600">
          <Trans>
            Prezzo del campo {price} · ancora da pagare: <strong>{owed}</strong> · scadenza {deadline}
          </Trans>
        </p>
      )}
      {data.can_manage && players.length < data.max_players - 1 && <AddPlayers bookingId={bookingId} />}
    </section>
  );
}
