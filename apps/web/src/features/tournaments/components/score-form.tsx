// A player's part in their ready match: "Inserisci il punteggio" (up to three sets, each side's points),
// or, once a score is proposed, "Conferma il punteggio". The score counts once the other pair confirms it.
import { ZScoreBody, z, type TScoreBody, type TTournamentMatch } from '@beach/contracts';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-transport';
import { useConfirmScore, useProposeScore } from '../api/tournaments';
import { playerNames, setsText } from '../labels';

export type SetRow = { a: string; b: string };
const EMPTY_SETS: SetRow[] = [{ a: '', b: '' }, { a: '', b: '' }, { a: '', b: '' }];

/** The sets typed: blank sets left out; a set with one side blank, or not a whole number, fails the contract's check. */
export function scoreOf(i18n: I18n, rows: readonly SetRow[]): { body: TScoreBody; error: null } | { body: null; error: string } {
  const points = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN);
  const sets = rows.filter((row) => row.a.trim() !== '' || row.b.trim() !== '').map((row) => ({ a: points(row.a), b: points(row.b) }));
  const parsed = ZScoreBody.safeParse({ sets }, { error: z.errorMapFor(i18n) });
  return parsed.success ? { body: parsed.data, error: null } : { body: null, error: parsed.error.issues[0]?.message ?? '' };
}

export function ScoreForm({ tournamentId, match }: { tournamentId: number; match: TTournamentMatch }) {
  const { i18n, t } = useLingui();
  const propose = useProposeScore(tournamentId);
  const confirm = useConfirmScore(tournamentId);
  const [rows, setRows] = useState<SetRow[]>(EMPTY_SETS);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = async (action: () => Promise<{ message: string }>) => {
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: (await action()).message });
    } catch (failure) {
      setOutcome({ tone: 'error', text: failure instanceof ApiError ? failure.message : t`Non è stato possibile salvare il punteggio. Riprova più tardi.` });
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const score = scoreOf(i18n, rows);
    if (score.error !== null) return setOutcome({ tone: 'error', text: score.error });
    void run(() => propose.mutateAsync({ key: match.key, body: score.body }));
  };
  const setPoints = (index: number, side: 'a' | 'b', value: string) => setRows((current) => current.map((row, at) => (at === index ? { ...row, [side]: value } : row)));
  const [sideA, sideB] = match.sides.map((side) => playerNames(i18n, side.names));
  const proposed = match.proposed_sets && setsText(match.proposed_sets);
  return (
    <div className="space-y-2 rounded-lg bg-sea-50 p-3">
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {match.proposed_sets ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm"><Trans>Punteggio proposto: {proposed}</Trans></p>
          <Button size="sm" loading={confirm.isPending} onClick={() => void run(() => confirm.mutateAsync(match.key))}><Trans>Conferma il punteggio</Trans></Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-2" aria-label={t`Inserisci il punteggio`}>
          <p className="text-sm font-semibold"><Trans>Inserisci il punteggio</Trans></p>
          {rows.map((row, index) => {
            const set = index + 1;
            return (
              <fieldset key={index} className="flex flex-wrap items-end gap-2">
                <legend className="sr-only"><Trans>Set {set}</Trans></legend>
                <Input label={t`Set ${set}: ${sideA}`} inputMode="numeric" className="w-20" value={row.a} onChange={(event) => setPoints(index, 'a', event.target.value)} />
                <Input label={t`Set ${set}: ${sideB}`} inputMode="numeric" className="w-20" value={row.b} onChange={(event) => setPoints(index, 'b', event.target.value)} />
              </fieldset>
            );
          })}
          <Button type="submit" size="sm" loading={propose.isPending}><Trans>Invia il punteggio</Trans></Button>
        </form>
      )}
    </div>
  );
}
