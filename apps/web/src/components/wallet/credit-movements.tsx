// A page of credit movements, newest first: when, what, who (staff) and the signed amount.
import { CREDIT_MOVEMENT_LABELS, type TCreditStatement } from '@beach/contracts';
import { Pagination } from '../ui/pagination';
import { formatDateTime, formatMoney } from '../../lib/format';

export function CreditMovements({ statement, onPageChange }: { statement: TCreditStatement; onPageChange: (page: number) => void }) {
  if (statement.total === 0) return <p className="text-sm text-slate-600">Nessun movimento.</p>;
  return (
    <div>
      <ul className="divide-y divide-slate-100 text-sm" aria-label="Movimenti del credito">
        {statement.data.map((movement) => (
          <li key={movement.id} className="flex items-start justify-between gap-4 py-2">
            <div>
              <p className="font-medium text-slate-900">{CREDIT_MOVEMENT_LABELS[movement.kind]}</p>
              <p className="text-slate-500">
                {formatDateTime(movement.created_at)}
                {movement.by && ` · ${movement.by.name}`}
                {movement.reason && ` · ${movement.reason}`}
              </p>
            </div>
            <span className={`font-semibold whitespace-nowrap ${movement.amount.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}`}>
              {movement.amount.startsWith('-') ? '' : '+'}
              {formatMoney(movement.amount)}
            </span>
          </li>
        ))}
      </ul>
      {statement.last_page > 1 && (
        <Pagination
          page={statement.current_page}
          lastPage={statement.last_page}
          perPage={statement.per_page}
          total={statement.total}
          onPageChange={onPageChange}
          summary={(from, to, total) => `Movimenti ${from}–${to} di ${total}`}
        />
      )}
    </div>
  );
}
