// The financial years (docs/annual-accounts.md#closing-the-year): an admin closes a year that is over once the
// assembly has approved its accounts (nothing can then be dated inside it), reopens it with a reason, and
// corrects a closed year's entry by a reversal in the open year that names it.
import { type TFinancialYear, ZYearCorrectionBody } from '@beach/contracts';
import { useState } from 'react';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Loaded } from '../../../components/ui/loaded';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCloseYear, useCorrectEntry, useFinancialYears, useReopenYear } from '../api/years';

type Notify = (message: string, failed?: boolean) => void;

function ReopenForm({ year, onDone }: { year: TFinancialYear; onDone: Notify }) {
  const reopen = useReopenYear();
  const [reason, setReason] = useState('');
  return (
    <form
      noValidate
      aria-label={`Riapri l’esercizio ${year.label}`}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        reopen.mutateAsync({ year: year.year, reason }).then(
          (answer) => onDone(answer.message),
          (error: Error) => onDone(error.message, true),
        );
      }}
    >
      <Input label="Motivo della riapertura" value={reason} onChange={(event) => setReason(event.target.value)} className="w-full sm:w-64" />
      <Button type="submit" size="sm" variant="secondary" loading={reopen.isPending}>
        Riapri
      </Button>
    </form>
  );
}

function YearRow({ year, onDone, confirm }: { year: TFinancialYear; onDone: Notify; confirm: ReturnType<typeof useConfirm>['confirm'] }) {
  const close = useCloseYear();
  const askAndClose = async () => {
    const yes = await confirm({
      title: `Chiudere l’esercizio ${year.label}?`,
      message: 'Dopo l’approvazione del rendiconto da parte dell’assemblea. Nessun movimento potrà più avere una data nell’esercizio: le correzioni si registrano nell’esercizio aperto.',
      confirmLabel: 'Chiudi esercizio',
      tone: 'danger',
    });
    if (yes) close.mutateAsync(year.year).then((answer) => onDone(answer.message), (error: Error) => onDone(error.message, true));
  };
  return (
    <li aria-label={`Esercizio ${year.label}`} className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-100 py-3">
      <div className="space-y-1">
        <p className="font-medium">
          {year.label} <span className="font-normal text-slate-600">· {formatDate(year.starts_on)} – {formatDate(year.ends_on)}</span>
        </p>
        {year.state === 'closed' ? <Badge tone="green">Chiuso</Badge> : <Badge tone={year.ended ? 'yellow' : 'sea'}>{year.ended ? 'Da chiudere' : 'In corso'}</Badge>}
        {year.closed_at && <p className="text-xs text-slate-600">il {formatDateTime(year.closed_at)} da {year.closed_by}</p>}
        {year.reopened && <p className="text-xs text-slate-600">Riaperto il {formatDateTime(year.reopened.at)} da {year.reopened.by}: {year.reopened.reason}</p>}
      </div>
      {year.state === 'closed' ? (
        <ReopenForm year={year} onDone={onDone} />
      ) : (
        year.ended && (
          <Button size="sm" variant="secondary" loading={close.isPending} onClick={askAndClose}>
            Chiudi esercizio {year.label}
          </Button>
        )
      )}
    </li>
  );
}

function CorrectionForm({ onDone }: { onDone: Notify }) {
  const correct = useCorrectEntry();
  const { field, submit, failure, reset } = useZodForm({ schema: ZYearCorrectionBody, defaultValues: { entry_id: '', reason: '' }, messages: { prefix: 'Errore: ' } });
  const onSubmit = submit(async (values) => {
    onDone((await correct.mutateAsync(values)).message);
    reset();
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Correzione di un esercizio chiuso" className="space-y-3 border-t border-slate-100 pt-4">
      <p className="text-sm text-slate-700">Un movimento di un esercizio chiuso si corregge con uno storno nell’esercizio aperto, che lo indica; poi registra l’importo giusto come di consueto.</p>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <Input label="N. del movimento" inputMode="numeric" {...field('entry_id')} />
        <Input label="Motivo" {...field('reason')} />
        <Button type="submit" variant="secondary" loading={correct.isPending}>
          Storna
        </Button>
      </div>
      <FormAlert failure={failure} />
    </form>
  );
}

export function FinancialYears({ onDone }: { onDone: Notify }) {
  const years = useFinancialYears();
  const { confirm, dialog } = useConfirm();
  return (
    <section aria-labelledby="financial-years" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="financial-years" className="text-lg font-semibold">Esercizi</h2>
      <Loaded read={years} failed="Impossibile caricare gli esercizi.">
        {({ years: list }) => (
          <>
            <ul aria-label="Esercizi">
              {list.map((year) => (
                <YearRow key={year.year} year={year} onDone={onDone} confirm={confirm} />
              ))}
            </ul>
            {list.some((year) => year.state === 'closed') && <CorrectionForm onDone={onDone} />}
          </>
        )}
      </Loaded>
      {dialog}
    </section>
  );
}
