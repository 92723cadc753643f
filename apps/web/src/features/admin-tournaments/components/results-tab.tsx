// The board's "Risultati": each match whose pairs are known gets a score form (up to three sets, each
// side's points); the engine's refusal (a set that cannot end so, a match not yet playable) stands under
// the form. A played match shows its sets, and the form corrects them.
import { type TAdminTournament, type TTournamentMatch, z, ZScoreBody } from '@beach/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { useScoreMatch } from '../api/tournaments';
import { matchupText, phaseText, setsText, sideText } from '../labels';
import { typedNumber } from './tournament-form';

const SETS = 3;
const ZScoreForm = z.object({ sets: z.array(z.object({ a: z.string(), b: z.string() })) });
type ScoreForm = z.output<typeof ZScoreForm>;

/** The sets typed, the empty ones left out. */
export const scoreBody = (form: ScoreForm) => ({
  sets: form.sets.filter((set) => set.a.trim() !== '' || set.b.trim() !== '').map((set) => ({ a: typedNumber(set.a), b: typedNumber(set.b) })),
});
const ZScoreFormBody = ZScoreForm.transform(scoreBody).pipe(ZScoreBody);

const formOf = (match: TTournamentMatch): ScoreForm => ({
  sets: Array.from({ length: SETS }, (_, index) => {
    const set = match.sets?.[index];
    return set ? { a: String(set.a), b: String(set.b) } : { a: '', b: '' };
  }),
});

export function ScoreForm({ tournamentId, match, onSaved }: { tournamentId: number; match: TTournamentMatch; onSaved: (message: string) => void }) {
  const score = useScoreMatch();
  const { register, errorOf, submit, failure } = useZodForm({
    schema: ZScoreFormBody,
    defaultValues: formOf(match),
    messages: { failed: 'Si è verificato un errore nel salvataggio del punteggio. Riprova più tardi.' },
  });
  const save = submit(async (form) => onSaved((await score.mutateAsync({ id: tournamentId, key: match.key, body: scoreBody(form) })).message));
  const sides = [sideText(match.sides[0]), sideText(match.sides[1])];
  return (
    <form noValidate onSubmit={save} aria-label={`Punteggio ${match.key}`} className="space-y-2">
      <div className="overflow-x-auto">
        <table className="text-sm">
          <thead>
            <tr>
              <th scope="col" className="sr-only">Coppia</th>
              {Array.from({ length: SETS }, (_, index) => (
                <th key={index} scope="col" className="px-1 text-left font-medium text-slate-600">{`Set ${index + 1}`}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(['a', 'b'] as const).map((side, sideIndex) => (
              <tr key={side}>
                <th scope="row" className="max-w-40 truncate pr-2 text-left font-normal">{sides[sideIndex]}</th>
                {Array.from({ length: SETS }, (_, index) => (
                  <td key={index} className="w-20 px-1">
                    <Input label={<span className="sr-only">{`Set ${index + 1}, ${sides[sideIndex]}`}</span>} type="number" min={0} max={99} inputMode="numeric" {...register(`sets.${index}.${side}`)} error={errorOf(`sets.${index}.${side}`)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* A message for the whole list is its root's once the inputs are registered (the contract's), or the server's. */}
      {(errorOf('sets.root') ?? errorOf('sets')) && <p className="text-sm text-coral-600">{errorOf('sets.root') ?? errorOf('sets')}</p>}
      <FormAlert failure={failure} />
      <Button type="submit" size="sm" loading={score.isPending} loadingText="Salvataggio...">
        {match.status === 'played' ? 'Correggi il punteggio' : 'Salva il punteggio'}
      </Button>
    </form>
  );
}

/** Matches whose two sides are known (a bye has nothing to score). */
const scorable = (match: TTournamentMatch) => match.status !== 'bye' && match.status !== 'not_needed' && match.sides.every((side) => side.entry_id !== null);

export function ResultsTab({ tournament, notify }: { tournament: TAdminTournament; notify: (text: string) => void }) {
  const matches = tournament.matches.filter(scorable);
  if (matches.length === 0) return <p className="text-slate-600">Nessuna partita da giocare per ora.</p>;
  return (
    <ul className="space-y-3">
      {matches.map((match) => (
        <li key={match.key} className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
          <div>
            <p className="font-semibold">
              {`${match.key} · ${phaseText(match, tournament.format)}`} {match.status === 'played' && <Badge tone="green">{`Giocata: ${setsText(match.sets)}`}</Badge>}
            </p>
            <p className="text-sm text-slate-600">{matchupText(match)}</p>
            {match.proposed_sets && <p className="text-sm text-slate-600">{`Proposto dai giocatori, da confermare: ${setsText(match.proposed_sets)}`}</p>}
          </div>
          <ScoreForm key={setsText(match.sets)} tournamentId={tournament.id} match={match} onSaved={notify} />
        </li>
      ))}
    </ul>
  );
}
