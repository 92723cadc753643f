// A competitive match's result on its page (docs/levels.md#open-match-results): after the match a player
// says who played with them and whether they won; one of the other side confirms it, and the levels move.
import type { TMatchResult, TOpenMatch } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { useMatchResult, useMatchResultActions } from '../api/match-results';

export function MatchResult({ match }: { match: TOpenMatch }) {
  const { t } = useLingui();
  const playing = match.competitive && match.state !== 'cancelled' && match.players.some((player) => player.is_me);
  const result = useMatchResult(match.id, playing);
  const actions = useMatchResultActions(match.id);
  // Only a refusal is told apart: what was done shows in the result's own summary.
  const [failure, setFailure] = useState('');
  if (!playing || !result.data) return null;

  const run = async (action: () => Promise<unknown>) => {
    setFailure('');
    try {
      await action();
    } catch (error) {
      setFailure(serverMessage(error) ?? t`Si è verificato un errore. Riprova più tardi.`);
    }
  };
  const data = result.data;
  return (
    <section aria-label={t`Risultato`} className="space-y-3 border-t border-slate-100 pt-4">
      <h2 className="font-semibold text-sea-900">
        <Trans>Risultato</Trans>
      </h2>
      {data.state === 'none' && !data.can_propose && (
        <p className="text-sm text-slate-600">
          <Trans>Dopo la partita un giocatore inserisce il risultato e uno dell’altra squadra lo conferma: così si muovono i livelli.</Trans>
        </p>
      )}
      {data.state !== 'none' && <ResultSummary result={data} />}
      {failure && <Alert tone="error">{failure}</Alert>}
      {data.can_confirm && (
        <Button disabled={actions.confirm.isPending} loading={actions.confirm.isPending} onClick={() => void run(() => actions.confirm.mutateAsync())}>
          <Trans>Conferma il risultato</Trans>
        </Button>
      )}
      {data.can_propose && data.state === 'none' && (
        <ProposeForm match={match} pending={actions.propose.isPending} onPropose={(partners, won) => void run(() => actions.propose.mutateAsync({ partners, won }))} />
      )}
    </section>
  );
}

function ResultSummary({ result }: { result: TMatchResult }) {
  const [mine, theirs] = (result.sides ?? [[], []]).map((side) => side.map((player) => player.name).join(' · '));
  const proposer = result.proposed_by?.name ?? '';
  const expires = result.expires_at ? formatDateTime(result.expires_at) : '';
  return (
    <div className="space-y-1 rounded-xl bg-slate-50 p-3 text-sm">
      <p className="text-slate-800">
        {result.winner === 0 ? <Trans>Vincono {mine} contro {theirs}</Trans> : <Trans>Vincono {theirs} contro {mine}</Trans>}
      </p>
      <p className="text-slate-600">
        {result.state === 'proposed' && <Trans>Proposto da {proposer}: vale quando uno dell’altra squadra lo conferma, entro {expires}.</Trans>}
        {result.state === 'confirmed' && <Trans>Risultato confermato: i livelli dei giocatori sono aggiornati.</Trans>}
        {result.state === 'dropped' && <Trans>Non confermato entro 48 ore: questa partita non muove i livelli.</Trans>}
      </p>
    </div>
  );
}

function ProposeForm({ match, pending, onPropose }: { match: TOpenMatch; pending: boolean; onPropose: (partners: number[], won: boolean) => void }) {
  const { t } = useLingui();
  const [partners, setPartners] = useState<number[]>([]);
  const [won, setWon] = useState<boolean | null>(null);
  const needed = match.players_count / 2 - 1;
  // Members only: a match with a walk-in has no result to propose (docs/levels.md#open-match-results).
  const others = match.players.flatMap((player) => (player.is_me || player.user_id === null ? [] : [{ ...player, user_id: player.user_id }]));
  const toggle = (userId: number) =>
    setPartners((current) => (needed === 1 ? [userId] : current.includes(userId) ? current.filter((id) => id !== userId) : [...current, userId]));
  return (
    <form
      aria-label={t`Inserisci il risultato`}
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (won !== null) onPropose(partners, won);
      }}
    >
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">{needed === 1 ? <Trans>Con chi hai giocato?</Trans> : <Trans>Con chi hai giocato? Scegli {needed} compagni.</Trans>}</legend>
        {others.map((player) => (
          <label key={player.user_id} className="flex items-center gap-2 text-sm text-slate-700">
            <input type={needed === 1 ? 'radio' : 'checkbox'} name="partners" className="accent-sea-700" checked={partners.includes(player.user_id)} onChange={() => toggle(player.user_id)} />
            {player.name}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          <Trans>Com’è finita per la tua squadra?</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="radio" name="won" className="accent-sea-700" checked={won === true} onChange={() => setWon(true)} />
          <Trans>Abbiamo vinto</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="radio" name="won" className="accent-sea-700" checked={won === false} onChange={() => setWon(false)} />
          <Trans>Abbiamo perso</Trans>
        </label>
      </fieldset>
      <Button type="submit" disabled={pending || won === null || partners.length !== needed} loading={pending}>
        <Trans>Invia il risultato</Trans>
      </Button>
    </form>
  );
}
