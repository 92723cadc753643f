// The sibling discount an enrolment got (docs/school.md#camps), named with its amount: "Sconto fratelli −15,00 €".
import type { TMoney } from '@beach/contracts';
import { Trans } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';

export function SiblingDiscount({ amount }: { amount: TMoney }) {
  if (Number(amount) <= 0) return null;
  const discount = formatMoney(amount);
  return <p className="text-sm font-medium text-emerald-700"><Trans>Sconto fratelli −{discount}</Trans></p>;
}
