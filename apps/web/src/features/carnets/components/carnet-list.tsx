// One line per carnet: its name, uses left of the total, how long it is valid and what one use pays (the
// organiser's share or the whole court); shown to the member on /profilo and to the desk on the member's page.
import { CARNET_COVER_LABELS, type TCarnet } from '@beach/contracts';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';

/** `receipts`: the download of each carnet's receipt, where the viewer is its buyer. */
export function CarnetList({ carnets, receipts }: { carnets: TCarnet[]; receipts?: (carnet: TCarnet) => ReactNode }) {
  if (carnets.length === 0) return <p className="text-sm text-slate-600">Nessun carnet.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Carnet">
      {carnets.map((carnet) => (
        <li key={carnet.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`carnet-${carnet.id}`}>
          <div>
            <p className="font-medium">{carnet.product.name}</p>
            <p className="text-sm text-slate-600">
              Valido fino al {formatDate(carnet.valid_until)} · un ingresso paga {CARNET_COVER_LABELS[carnet.product.covers].toLowerCase()}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <span className="font-semibold text-sea-900">{carnet.uses_left} ingressi rimasti su {carnet.uses_total}</span>
            {!carnet.usable && <Badge>Scaduto</Badge>}
            {receipts?.(carnet)}
          </div>
        </li>
      ))}
    </ul>
  );
}
