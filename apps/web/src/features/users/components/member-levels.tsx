// An admin corrects a member's level in a sport on the member's page (docs/levels.md#corrections): the
// level given replaces the current one, its reliability stays, and the change is in the member's history
// and in the audit log.
import { SPORT_LABELS, SPORTS, type TSport } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { callApi } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';

const levelsKey = (userId: number) => ['users', 'levels', userId] as const;
const shown = (level: number) => level.toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 2 });
const SOURCES = { questionnaire: 'questionario', admin: 'correzione', result: 'partita competitiva' } as const;

export function MemberLevels({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const levels = useQuery({ queryKey: levelsKey(userId), queryFn: () => callApi(api.levels.ofMember, { params: { id: userId } }), staleTime: 0 });
  const correct = useMutation({
    mutationFn: ({ sport, level }: { sport: TSport; level: number }) => callApi(api.levels.correct, { params: { id: userId, sport }, body: { level } }),
    onSuccess: (answer) => queryClient.setQueryData(levelsKey(userId), { levels: answer.levels, history: answer.history }),
  });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const bySport = new Map((levels.data?.levels ?? []).map((level) => [level.sport, level]));

  const submit = async (sport: TSport, value: string) => {
    setNotice(null);
    const level = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(level) || level < 0 || level > 7) {
      setNotice({ tone: 'error', text: `${SPORT_LABELS[sport]}: scrivi il nuovo livello, da 0 a 7.` });
      return;
    }
    try {
      setNotice({ tone: 'success', text: (await correct.mutateAsync({ sport, level })).message });
    } catch (error) {
      setNotice({ tone: 'error', text: serverMessage(error) ?? 'Non è stato possibile correggere il livello.' });
    }
  };

  return (
    <DetailSection title="Livelli">
      <div className="mt-2 space-y-3">
        {levels.isPending && <Spinner label="Caricamento dei livelli..." />}
        {levels.isError && <Alert tone="error">Non è stato possibile leggere i livelli.</Alert>}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {levels.data && (
          <ul className="divide-y divide-slate-100 text-sm">
            {SPORTS.map((sport) => {
              const level = bySport.get(sport);
              return (
                <li key={sport} aria-label={`Livello di ${SPORT_LABELS[sport]}`} className="flex flex-wrap items-end justify-between gap-3 py-2">
                  <span>
                    <span className="font-medium">{SPORT_LABELS[sport]}</span>:{' '}
                    {level ? `${shown(level.level)} · affidabilità ${level.reliability}% · ${level.competitive_matches} partite competitive` : 'nessun livello'}
                  </span>
                  <form
                    noValidate
                    className="flex items-end gap-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void submit(sport, String(new FormData(event.currentTarget).get('level') ?? ''));
                    }}
                  >
                    <div className="w-24">
                      <Input label="Nuovo livello" name="level" type="number" min={0} max={7} step={0.1} required />
                    </div>
                    <Button type="submit" size="sm" variant="secondary" disabled={correct.isPending}>
                      Correggi
                    </Button>
                  </form>
                </li>
              );
            })}
          </ul>
        )}
        {levels.data && levels.data.history.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-slate-700">Storia dei livelli</summary>
            <ul className="mt-2 divide-y divide-slate-100">
              {levels.data.history.map((change) => (
                <li key={change.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                  <span>
                    {formatDate(change.created_at)} · {SPORT_LABELS[change.sport]} · {SOURCES[change.source]}
                  </span>
                  <span className="tabular-nums">{change.level_before === null ? shown(change.level) : `${shown(change.level_before)} → ${shown(change.level)}`}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </DetailSection>
  );
}
