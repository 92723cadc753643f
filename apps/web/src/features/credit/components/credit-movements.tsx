// A page of credit movements, newest first: when, what, who (staff) and the signed amount. Money set aside
// for a payment under way (`pending`) is not spent: it shows muted, its label saying so in words
// ("Riservato per un pagamento in corso"), never in the red of money taken.
import { moneyToCents, type TCreditStatement } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Pagination } from '../../../components/ui/pagination';
import { SignedAmount } from '../../../components/ui/signed-amount';
import { formatDateTime } from '../../../lib/format';
import { CREDIT_MOVEMENT_LABELS } from '../labels';

export function CreditMovements({ statement, onPageChange }: { statement: TCreditStatement; onPageChange: (page: number) => void }) {
  const { i18n, t } = useLingui();
  if (statement.total === 0) return <p className="text-sm text-slate-600"><Trans>Nessun movimento.</Trans></p>;
  return (
    <div>
      <ul className="divide-y divide-slate-100 text-sm" aria-label={t`Movimenti del credito`}>
        {statement.data.map((movement) => (
          <li key={movement.id} className={clsx('flex items-start justify-between gap-4 py-2', movement.pending && 'text-slate-500')}>
            <div className="min-w-0">
              <p className={clsx('font-medium', movement.pending ? 'text-slate-600' : 'text-slate-900')}>{i18n._(CREDIT_MOVEMENT_LABELS[movement.kind])}</p>
              <p className="break-words text-slate-500">
                {formatDateTime(movement.created_at)}
                {movement.by && ` · ${movement.by.name}`}
                {movement.reason && ` · ${movement.reason}`}
              </p>
            </div>
            <SignedAmount cents={moneyToCents(movement.amount)} muted={movement.pending} />
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
          summary={(from, to, total) => t`Movimenti ${from}–${to} di ${total}`}
        />
      )}
    </div>
  );
}
