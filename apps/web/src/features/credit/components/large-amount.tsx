// A large amount at the desk is confirmed in words before it is booked (docs/domain.md#credit, "Large
// amounts at the desk"): above the admin's setting the desk reads "1.000,00 € (mille euro)" and says yes;
// the server refuses the amount without that yes.
import { centsInItalianWords, moneyToCents, type TMoney, ZPositiveEuroInput } from '@beach/contracts';
import { useLingui } from '@lingui/react/macro';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { formatCents } from '../../../lib/format';

export type LargeAmountKind = 'top-up' | 'refund' | 'refund-all';

/** Asks for the desk's yes when `cents` is above `confirmAbove`; answers the body's `confirmed` (null: the desk said no). */
export function useLargeAmountConfirmation(confirmAbove: TMoney) {
  const { t } = useLingui();
  const { confirm, dialog } = useConfirm();
  const confirmed = async (kind: LargeAmountKind, cents: number): Promise<boolean | null> => {
    if (cents <= moneyToCents(confirmAbove)) return false;
    const amount = `${formatCents(cents)} (${centsInItalianWords(cents)})`;
    const message = {
      'top-up': t`Confermi una ricarica di ${amount}?`,
      refund: t`Confermi un rimborso di ${amount}?`,
      'refund-all': t`Confermi il rimborso di tutto il rimborsabile, fino a ${amount}?`,
    }[kind];
    return (await confirm({ title: t`Importo alto: controlla`, message, confirmLabel: t`Sì, registra` })) ? true : null;
  };
  return { confirmed, dialog };
}

/** The cents of an amount as the desk typed it ("1000", "10,50"); 0 when it is not one. */
export const typedCents = (typed: unknown) => {
  const parsed = ZPositiveEuroInput.safeParse(typed);
  return parsed.success ? parsed.data : 0;
};
