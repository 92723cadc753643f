// One line per carnet: its name, uses left of the total, how long it is valid and what one use pays (the
// organiser's share or the whole court); shown to the member on /profilo and to the desk on the member's page.
import type { TCarnet } from '@beach/contracts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { USE_PAYS } from '../labels';

/** `receipts`: the download of each carnet's receipt, where the viewer is its buyer. */
export function CarnetList({ carnets, receipts }: { carnets: TCarnet[]; receipts?: (carnet: TCarnet) => ReactNode }) {
  const { t } = useLingui();
  if (carnets.length === 0) return <p className="text-sm text-slate-600"><Trans>Nessun carnet.</Trans></p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label={t`Carnet`}>
      {carnets.map((carnet) => (
        <CarnetRow key={carnet.id} carnet={carnet} receipts={receipts} />
      ))}
    </ul>
  );
}

function CarnetRow({ carnet, receipts }: { carnet: TCarnet; receipts?: (carnet: TCarnet) => ReactNode }) {
  const { i18n } = useLingui();
  const until = formatDate(carnet.valid_until);
  const [left, total] = [carnet.uses_left, carnet.uses_total];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`carnet-${carnet.id}`}>
      <div>
        <p className="font-medium">{carnet.product.name}</p>
        <p className="text-sm text-slate-600">
          <Trans>Valido fino al {until}</Trans> · {i18n._(USE_PAYS[carnet.product.covers])}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {/* Italian says "ingressi" for one too, as it always has; German and English tell one from many. */}
        <span className="font-semibold text-sea-900">
          <Plural value={left} one={`# ingressi rimasti su ${total}`} other={`# ingressi rimasti su ${total}`} />
        </span>
        {!carnet.usable && (
          <Badge>
            <Trans>Scaduto</Trans>
          </Badge>
        )}
        {receipts?.(carnet)}
      </div>
    </li>
  );
}
