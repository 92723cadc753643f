// The questionnaire of a first level in a sport (docs/levels.md#questionnaire): four questions, answered
// once; the level it gives is then moved by competitive matches.
import { LEVEL_QUESTIONS, type TLevelQuestion } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-transport';
import { SPORT_NAMES } from '../../bookings';
import { type Sport, useLevelQuestionnaire } from '../api/levels';
import { QUESTIONS } from '../labels';

/** `onSaved` after the level is stored; `onCancel` (default `onSaved`) when the member leaves without answering. */
export function LevelQuestionnaire({ sport, onSaved, onCancel = onSaved }: { sport: Sport; onSaved: () => void; onCancel?: () => void }) {
  const { i18n, t } = useLingui();
  const send = useLevelQuestionnaire();
  const [answers, setAnswers] = useState<Partial<Record<TLevelQuestion, number>>>({});
  const [failure, setFailure] = useState('');
  const complete = LEVEL_QUESTIONS.every((question) => answers[question] !== undefined);
  const submit = async () => {
    setFailure('');
    try {
      await send.mutateAsync({ sport, answers: answers as Record<TLevelQuestion, number> });
      onSaved();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t`Si è verificato un errore. Riprova più tardi.`);
    }
  };
  const sportName = i18n._(SPORT_NAMES[sport]);
  return (
    <form noValidate className="space-y-4 rounded-lg border border-sea-200 bg-sea-50/40 p-4" onSubmit={(event) => { event.preventDefault(); void submit(); }} aria-labelledby="questionnaire-title">
      <h3 id="questionnaire-title" className="font-semibold"><Trans>Il tuo livello di {sportName}</Trans></h3>
      <p className="text-sm text-slate-600"><Trans>Quattro domande, una volta sola: poi il livello si muove con le tue partite competitive.</Trans></p>
      {LEVEL_QUESTIONS.map((question) => (
        <fieldset key={question} className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">{i18n._(QUESTIONS[question].question)}</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {QUESTIONS[question].answers.map((answer, value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="radio" name={question} className="accent-sea-700" checked={answers[question] === value} onChange={() => setAnswers((current) => ({ ...current, [question]: value }))} />
                {i18n._(answer)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!complete} loading={send.isPending}><Trans>Salva il livello</Trans></Button>
        <Button variant="ghost" onClick={onCancel}><Trans>Annulla</Trans></Button>
      </div>
    </form>
  );
}
