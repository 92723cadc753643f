// /admin/banca (docs/annual-accounts.md#the-bank): the treasurer imports the bank statement (CAMT.053 or
// CSV), sees each line's state, confirms the proposed matches and assigns the rest to a category; the
// bank account's ledger balance against the statement's closing balance says when the statement is done.
import { BANK_IMPORT_MAX_BYTES, type TBankImportResult, type TBankOverview } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../../components/admin/page-header';
import { useNotices } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Loaded } from '../../../components/ui/loaded';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBankOverview, useImportStatement, useSaveBankAccount } from '../api/bank';
import { CsvMappingForm } from '../components/csv-mapping-form';
import { FinancialYears } from '../components/financial-years';
import { StatementLines } from '../components/statement-lines';

const importSummary = (result: TBankImportResult) =>
  result.lines_added === 0
    ? 'Estratto già importato: nessun movimento nuovo.'
    : `Importati ${result.lines_added} movimenti nuovi${result.lines_known ? ` (${result.lines_known} già presenti)` : ''}: ${result.matched} abbinati, ${result.proposed} da confermare.`;

function AccountForm({ bank }: { bank: TBankOverview }) {
  const save = useSaveBankAccount();
  const [iban, setIban] = useState(bank.iban ?? '');
  const [holder, setHolder] = useState(bank.holder ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ iban, holder });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Conto dell’associazione" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_2fr_auto] sm:items-end">
      <Input label="IBAN" value={iban} onChange={(event) => setIban(event.target.value)} error={save.error instanceof Error ? save.error.message : undefined} />
      <Input label="Intestatario" value={holder} onChange={(event) => setHolder(event.target.value)} />
      <Button type="submit" variant="secondary" loading={save.isPending}>
        Salva conto
      </Button>
    </form>
  );
}

function StatementImport({ onDone }: { onDone: (message: string, failed?: boolean) => void }) {
  const upload = useImportStatement();
  const [file, setFile] = useState<File | null>(null);
  const tooLarge = file !== null && file.size > BANK_IMPORT_MAX_BYTES;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || tooLarge) return;
    upload.mutateAsync(file).then(
      (result) => onDone(importSummary(result)),
      (error: Error & { details?: string }) => onDone(error.details || error.message, true),
    );
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Importa estratto conto" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        File dell’estratto conto (CAMT.053 XML o CSV)
        <input type="file" accept=".xml,.csv,.txt,.053" onChange={(event) => setFile(event.target.files?.[0] ?? null)} className="text-sm" />
      </label>
      <Button type="submit" disabled={!file || tooLarge} loading={upload.isPending} loadingText="Importazione…">
        Importa
      </Button>
      {tooLarge && <p className="w-full text-sm text-coral-700">Il file è troppo grande: al massimo 20 MB.</p>}
    </form>
  );
}

export default function BankPage() {
  usePageTitle('Banca');
  const overview = useBankOverview();
  const { notify, region } = useNotices();
  const onDone = (message: string, failed = false) => notify(message, failed ? 'error' : 'success');
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      {region}
      <PageHeader title="Banca" subtitle={<p className="text-slate-600">Estratto conto della banca abbinato al registro: accrediti Stripe, bonifici ricevuti, spese e commissioni</p>} />
      <Loaded read={overview} failed="Impossibile caricare il conto in banca.">
        {(bank) => (
          <>
            <AccountForm bank={bank} />
            {bank.iban && <StatementImport onDone={onDone} />}
            {bank.iban && <CsvMappingForm key={JSON.stringify(bank.csv_mapping)} saved={bank.csv_mapping} onDone={onDone} />}
            <dl aria-label="Saldi" className="grid gap-3 sm:grid-cols-3">
              <div className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-600">Saldo dell’ultimo estratto{bank.closing_date && ` (al ${formatDate(bank.closing_date)})`}</dt>
                <dd className="text-xl font-semibold">{bank.closing_balance === null ? '—' : formatMoney(bank.closing_balance)}</dd>
              </div>
              <div className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-600">Saldo nel registro</dt>
                <dd className="text-xl font-semibold">{formatMoney(bank.ledger_balance)}</dd>
                {bank.closing_date && bank.ledger_balance_at_closing !== null && bank.ledger_balance_at_closing !== bank.ledger_balance && (
                  <dd className="text-sm text-slate-600">al {formatDate(bank.closing_date)}: {formatMoney(bank.ledger_balance_at_closing)}</dd>
                )}
              </div>
              <div className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-600">Da abbinare</dt>
                <dd className="text-xl font-semibold">{bank.lines.filter((line) => line.state === 'open' || line.state === 'proposed').length}</dd>
              </div>
            </dl>
            {bank.closing_balance !== null && bank.closing_balance === bank.ledger_balance_at_closing && <Alert tone="success">Il registro corrisponde all’estratto conto.</Alert>}
            <StatementLines lines={bank.lines} loading={overview.isFetching} onDone={onDone} />
            <FinancialYears onDone={onDone} />
          </>
        )}
      </Loaded>
    </div>
  );
}
