// The entries of the ledger behind one figure of the statements, page by page, each with what it brought to
// the line: the figure is their sum.
import type { TAccountsLine, TAccountsScheme, TMoney } from '@beach/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { PagedListPagination } from '../../../components/ui/pagination';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLineEntries } from '../api/annual-accounts';

export function LineEntriesModal({ year, scheme, line, figure, onClose }: { year: number; scheme: TAccountsScheme; line: TAccountsLine; figure: TMoney; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const entries = useLineEntries(year, scheme, line.code, page);
  const list = entries.data;
  return (
    <Modal open title={`${line.label} · ${formatMoney(figure)}`} onClose={onClose} size="lg">
      {entries.isError && <Alert tone="error">Impossibile caricare le scritture di questa voce.</Alert>}
      {!list && !entries.isError && <p className="text-slate-600">Caricamento...</p>}
      {list && (
        <div className="space-y-3">
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Scritture del registro di questa voce</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th scope="col" className="py-2 pr-3 font-medium">Data</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Scrittura</th>
                  <th scope="col" className="py-2 text-right font-medium">Importo</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDate(entry.effective_on)}</td>
                    <td className="py-2 pr-3">
                      <span className="block text-slate-900">{entry.description ?? entry.kind}</span>
                      <span className="block font-mono text-xs break-all text-slate-500">
                        n. {entry.id} · {entry.key}
                      </span>
                    </td>
                    <td className="py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(entry.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PagedListPagination paged={list} onPageChange={setPage} summary={(from, to, total) => `Scritture ${from} - ${to} di ${total}`} />
        </div>
      )}
    </Modal>
  );
}
