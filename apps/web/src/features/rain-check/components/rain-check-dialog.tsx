// "Annulla per pioggia" on the desk planner (docs/domain.md#rain-check): the planner's day, a time range
// (today: from the next slot, slots already over not offered) and the courts (all unless unticked, by row),
// where the money goes (admins may choose card or cash), the preview of the bookings hit with their count
// and total, then the job's progress, read every second, while the planner behind refreshes.
import { RAIN_CHECK_RETURNS, SLOTS, ZRainCheckBody, romeInstant, type TPlanner } from '@beach/contracts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { FormAlert, FormButtons, useZodForm } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatMoney } from '../../../lib/format';
import { useRainCheckPreview, useRainCheckProgress, useStartRainCheck } from '../api/rain-check';
import { useCurrentUser } from '../../../lib/session';
import { queryRoots } from '../../../lib/shared-queries';
import { OUTCOME_NAMES, PAID_WITH_NAMES, RETURN_NAMES, STATUS_NAMES } from '../labels';

const FORM_ID = 'rain-check-form';

function Progress({ id, onClose }: { id: number; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const progress = useRainCheckProgress(id);
  const queryClient = useQueryClient();
  const data = progress.data;
  const settled = data ? data.done + data.skipped : 0;
  // The planner shows the bookings leaving as the job cancels them.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryRoots.adminBookings });
  }, [queryClient, settled, data?.status]);

  if (!data) return <Spinner label={t`Avvio dell’annullamento...`} />;
  const status = i18n._(STATUS_NAMES[data.status]);
  const total = data.total;
  const done = data.done;
  const failed = data.failed;
  const courtCount = data.courts.length;
  const returned = formatMoney(data.returned);
  return (
    <div className="space-y-4" aria-live="polite">
      <p className="text-sm text-slate-600">
        {formatDate(data.date)} · {data.from}–{data.to} · <Plural value={courtCount} one="# campo chiuso" other="# campi chiusi" /> · {data.reason}
      </p>
      <div className="space-y-1">
        <label htmlFor="rain-check-progress" className="text-sm font-medium text-slate-800">
          <Trans>
            {status}: {settled} di {total} prenotazioni annullate
          </Trans>
        </label>
        <progress id="rain-check-progress" className="h-3 w-full accent-sea-700" max={Math.max(data.total, 1)} value={data.total === 0 ? 1 : settled} />
      </div>
      {data.failed > 0 && (
        <Alert tone="warning">
          <Plural value={failed} one="# prenotazione non è ancora riuscita: verrà ritentata a breve." other="# prenotazioni non sono ancora riuscite: verrà ritentata a breve." />
        </Alert>
      )}
      {data.status === 'completed' && (
        <Alert tone="success">
          <Plural
            value={done}
            one={`Annullamento completato: # prenotazione annullata, ${returned} restituiti. Ogni socio riceve un’e-mail.`}
            other={`Annullamento completato: # prenotazioni annullate, ${returned} restituiti. Ogni socio riceve un’e-mail.`}
          />
        </Alert>
      )}
      <div className="flex justify-end">
        <Button variant={data.status === 'completed' ? 'primary' : 'secondary'} onClick={onClose}>
          <Trans>Chiudi</Trans>
        </Button>
      </div>
    </div>
  );
}

/**
 * The slots a rain check of the planner's day can cover, and where its range starts: today, the slot under
 * way stays (its players are on the court) but the range starts at the next one; slots already over are gone.
 */
function rangeOf(planner: TPlanner, now: number) {
  if (planner.date !== planner.today) return { slots: SLOTS, from: SLOTS[0]!.start };
  const at = (time: string) => Date.parse(romeInstant(planner.date, time));
  // The last slot ends at midnight: today always has one not over yet.
  const slots = SLOTS.filter((slot) => at(slot.end) > now);
  return { slots, from: (slots.find((slot) => at(slot.start) >= now) ?? slots[0]!).start };
}

export function RainCheckDialog({ planner, onClose }: { planner: TPlanner; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const returnOptions = RAIN_CHECK_RETURNS.map((value) => ({ value, label: i18n._(RETURN_NAMES[value]) }));
  const noCourt = t`Scegli almeno un campo.`;
  // The courts are sent as chosen: none chosen would mean all of them to the server, so the form refuses it.
  const schema = useMemo(() => ZRainCheckBody.refine((body) => (body.court_ids ?? []).length > 0, { message: noCourt, path: ['court_ids'] }), [noCourt]);
  const isAdmin = useCurrentUser()?.is_admin ?? false;
  const start = useStartRainCheck();
  const [startedId, setStartedId] = useState<number | null>(null);
  // Read once, when the dialog opens.
  const [range] = useState(() => rangeOf(planner, Date.now()));
  const fromOptions = range.slots.map((slot) => ({ value: slot.start, label: slot.start }));
  const toOptions = range.slots.map((slot) => ({ value: slot.end, label: slot.end }));
  const form = useZodForm({
    schema,
    defaultValues: { date: planner.date, from: range.from, to: SLOTS[SLOTS.length - 1]!.end, court_ids: planner.courts.map((court) => court.id), return_to: 'credit', reason: '' },
    messages: { failed: t`Si è verificato un errore nell’annullamento per pioggia. Riprova più tardi.` },
  });
  const values = form.watch();
  const chosen = new Set(values.court_ids ?? []);
  const previewBody = { date: planner.date, from: values.from, to: values.to, court_ids: [...chosen], return_to: values.return_to };
  const preview = useRainCheckPreview(previewBody, values.to > values.from && chosen.size > 0);
  const rows = [...new Set(planner.courts.map((court) => court.row))];
  const setCourts = (ids: number[]) => form.setValue('court_ids', ids, { shouldValidate: form.formState.isSubmitted });
  const toggle = (ids: number[], on: boolean) => setCourts(planner.courts.map((court) => court.id).filter((id) => (ids.includes(id) ? on : chosen.has(id))));

  if (startedId !== null) {
    return (
      <Modal open size="lg" title={t`Annulla per pioggia`} onClose={onClose}>
        <Progress id={startedId} onClose={onClose} />
      </Modal>
    );
  }

  const hits = preview.data;
  const toReturn = hits && formatMoney(hits.total);
  const hitCount = hits?.count ?? 0;
  const day = formatDate(planner.date);
  return (
    <Modal
      open
      size="lg"
      title={t`Annulla per pioggia`}
      onClose={onClose}
      footer={
        <FormButtons formId={FORM_ID} onCancel={onClose} saving={start.isPending} savingText={t`Avvio...`} cancelText={t`Chiudi`}>
          {hits ? <Plural value={hitCount} one="Annulla # prenotazione" other="Annulla # prenotazioni" /> : <Trans>Annulla per pioggia</Trans>}
        </FormButtons>
      }
    >
      <form id={FORM_ID} noValidate className="space-y-4" onSubmit={form.submit(async (body) => setStartedId((await start.mutateAsync(body)).id))}>
        <FormAlert failure={form.failure} />
        <p className="text-sm text-slate-600">
          <Trans>
            Giorno: <strong className="capitalize">{day}</strong>. I campi scelti restano chiusi nell’intervallo e ogni prenotazione viene annullata con il suo pagamento restituito.
          </Trans>
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Select label={t`Dalle`} options={fromOptions} {...form.field('from')} />
          <Select label={t`Alle`} options={toOptions} {...form.field('to')} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">
            <Trans>Campi</Trans>
          </legend>
          {rows.map((row) => {
            const courts = planner.courts.filter((court) => court.row === row);
            const ids = courts.map((court) => court.id);
            return (
              <div key={row} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-slate-200 px-3 py-2">
                <Checkbox
                  label={
                    <strong>
                      <Trans>Fila {row}</Trans>
                    </strong>
                  } checked={ids.every((id) => chosen.has(id))} onChange={(event) => toggle(ids, event.target.checked)} />
                {courts.map((court) => (
                  <Checkbox key={court.id} label={court.code} aria-label={court.name} checked={chosen.has(court.id)} onChange={(event) => toggle([court.id], event.target.checked)} />
                ))}
              </div>
            );
          })}
          {form.errorOf('court_ids') && <p className="text-sm text-coral-600">{form.errorOf('court_ids')}</p>}
        </fieldset>
        {isAdmin ? (
          <Select label={t`Pagamenti restituiti`} options={returnOptions} {...form.field('return_to')} />
        ) : (
          <p className="text-sm text-slate-600">
            <Trans>I pagamenti tornano sul credito dei soci; chi non ha un account li riceve in cassa.</Trans>
          </p>
        )}
        <Input label={t`Motivo`} placeholder={t`Pioggia`} maxLength={255} {...form.field('reason')} />
      </form>

      <section aria-label={t`Prenotazioni coinvolte`} className="mt-5 space-y-2">
        <h3 className="font-semibold text-slate-900">
          {hits ? <Plural value={hitCount} one={`# prenotazione · ${toReturn} da restituire`} other={`# prenotazioni · ${toReturn} da restituire`} /> : <Trans>Prenotazioni coinvolte</Trans>}
        </h3>
        {preview.isError ? (
          <Alert tone="error">
            <Trans>Non è stato possibile leggere le prenotazioni coinvolte.</Trans>
          </Alert>
        ) : !hits ? (
          values.to > values.from && chosen.size > 0 ? <Spinner label={t`Ricerca delle prenotazioni...`} /> : null
        ) : hits.count === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>Nessuna prenotazione in quell’intervallo: i campi vengono solo chiusi.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            {hits.bookings.map((hit) => (
              <li key={hit.booking_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span>
                  <span className="font-medium text-slate-900">
                    {hit.start}–{hit.end} · {hit.court.name}
                  </span>
                  <span className="block text-slate-600">{hit.customer}</span>
                </span>
                <span className="text-right text-slate-700">
                  {i18n._(PAID_WITH_NAMES[hit.paid_with])}
                  {hit.amount !== '0.00' && ` ${formatMoney(hit.amount)}`} → {i18n._(OUTCOME_NAMES[hit.outcome])}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
