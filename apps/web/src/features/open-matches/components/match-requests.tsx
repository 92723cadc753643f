// The requests of members outside a competitive match's range (docs/open-matches.md#joining): each player
// accepts or refuses; the organiser may withdraw a refusal.
import type { TOpenMatch } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';

type Props = {
  match: TOpenMatch;
  organiser: boolean;
  busy: boolean;
  onAnswer: (requestId: number, accept: boolean) => void;
  onWithdrawRefusal: (requestId: number, playerId: number) => void;
};

export function MatchRequests({ match, organiser, busy, onAnswer, onWithdrawRefusal }: Props) {
  const { t } = useLingui();
  const others = match.requests.filter((request) => !request.is_me);
  if (match.my_way_in !== 'in' || others.length === 0) return null;
  return (
    <section aria-label={t`Richieste di posto`} className="space-y-3">
      <h2 className="font-semibold text-sea-900">
        <Trans>Richieste di posto</Trans>
      </h2>
      <ul className="space-y-3">
        {others.map((request) => {
          const name = request.name;
          const refusers = request.refused_by.map((player) => player.name).join(', ');
          return (
          <li key={request.id} className="rounded-xl bg-slate-50 p-3 text-sm">
            <p className="font-medium text-slate-800">{name}</p>
            <p className="text-slate-600">
              {request.accepted ? (
                <Trans>Accettata da tutti: può entrare e pagare.</Trans>
              ) : request.refused_by.length > 0 ? (
                <Trans>Rifiutata da {refusers}</Trans>
              ) : (
                <Trans>In attesa delle risposte dei giocatori.</Trans>
              )}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {request.my_answer !== true && (
                <Button size="sm" disabled={busy} onClick={() => onAnswer(request.id, true)}>
                  <Trans>Accetta {name}</Trans>
                </Button>
              )}
              {request.my_answer !== false && (
                <Button size="sm" variant="secondary" disabled={busy} onClick={() => onAnswer(request.id, false)}>
                  <Trans>Rifiuta</Trans>
                </Button>
              )}
              {organiser &&
                request.refused_by.map(({ user_id: playerId, name: refuser }) => (
                  <Button key={playerId} size="sm" variant="ghost" disabled={busy} onClick={() => onWithdrawRefusal(request.id, playerId)}>
                    <Trans>Togli il rifiuto di {refuser}</Trans>
                  </Button>
                ))}
            </div>
          </li>
          );
        })}
      </ul>
    </section>
  );
}
