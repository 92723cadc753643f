// The statement's lines with their state: a proposal confirmed in one click, a line assigned to a category
// in two (the category, then "Assegna"; the counterparty's last category comes chosen).
import { BANK_CATEGORIES, BANK_CATEGORY_LABELS, BANK_LINE_STATE_LABELS, moneyToCents, type TBankCategory, type TBankLine } from '@beach/contracts';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SignedAmount } from '../../../components/ui/signed-amount';
import { formatDate } from '../../../lib/format';
import { useAssignLine, useConfirmLine } from '../api/bank';

const STATE_TONES: Record<TBankLine['state'], BadgeTone> = { open: 'yellow', proposed: 'sea', matched: 'green', assigned: 'green' };

function AssignLine({ line, onDone }: { line: TBankLine; onDone: (message: string, failed?: boolean) => void }) {
  const assign = useAssignLine();
  const [category, setCategory] = useState<TBankCategory | ''>(line.suggested_category ?? '');
  const label = `Categoria del movimento ${line.counterparty || line.remittance}`;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <select aria-label={label} className="rounded-md border border-slate-300 px-2 py-1 text-sm" value={category} onChange={(event) => setCategory(event.target.value as TBankCategory)}>
        <option value="">Categoria…</option>
        {BANK_CATEGORIES.map((one) => (
          <option key={one} value={one}>
            {BANK_CATEGORY_LABELS[one]}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="secondary"
        disabled={!category}
        loading={assign.isPending}
        onClick={() =>
          category &&
          assign.mutateAsync({ id: line.id, category }).then(
            () => onDone(`Movimento assegnato a «${BANK_CATEGORY_LABELS[category]}».`),
            (error: Error) => onDone(error.message, true),
          )
        }
      >
        Assegna
      </Button>
    </span>
  );
}

export function StatementLines({ lines, loading, onDone }: { lines: TBankLine[]; loading: boolean; onDone: (message: string, failed?: boolean) => void }) {
  const confirm = useConfirmLine();
  const columns: DataColumn<TBankLine>[] = [
    { key: 'date', header: 'Data', cell: (line) => formatDate(line.booked_on) },
    {
      key: 'who',
      header: 'Controparte e causale',
      cell: (line) => (
        <span>
          <span className="font-medium text-slate-900">{line.counterparty || '—'}</span>
          <span className="block text-xs text-slate-500">{line.creditor_reference ?? line.remittance}</span>
        </span>
      ),
    },
    { key: 'amount', header: 'Importo', cell: (line) => <SignedAmount cents={moneyToCents(line.amount)} /> },
    {
      key: 'state',
      header: 'Stato',
      cell: (line) => (
        <span>
          <Badge tone={STATE_TONES[line.state]}>{BANK_LINE_STATE_LABELS[line.state]}</Badge>
          {line.match && <span className="block text-xs text-slate-600">{line.match}</span>}
          {line.category && <span className="block text-xs text-slate-600">{BANK_CATEGORY_LABELS[line.category]}</span>}
          {line.note && <span className="block text-xs text-coral-700">{line.note}</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Azioni',
      cell: (line) =>
        line.state === 'proposed' ? (
          <Button
            size="sm"
            loading={confirm.isPending && confirm.variables === line.id}
            onClick={() => confirm.mutateAsync(line.id).then(() => onDone('Abbinamento confermato: pagamento registrato con la sua ricevuta.'), (error: Error) => onDone(error.message, true))}
          >
            Conferma abbinamento
          </Button>
        ) : line.state === 'open' ? (
          <AssignLine line={line} onDone={onDone} />
        ) : null,
    },
  ];
  return <DataTable caption="Movimenti dell’estratto conto" columns={columns} rows={lines} rowKey={(line) => line.id} loading={loading} empty="Nessun movimento: importa un estratto conto." />;
}
