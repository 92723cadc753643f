// The terms every part of credit shares (docs/domain.md#credit): its messages and how its settings
// are shown.
import { centsToMoney } from '@beach/contracts';
import type { Setting } from '../../generated/prisma/client.js';
import { formatEuros } from '../../lib/format.js';

export const CREDIT_MESSAGES = {
  notPayable: 'La prenotazione non è più in attesa di pagamento.',
  bookingPaid: 'Prenotazione pagata con il credito.',
  membershipPaid: 'Tessera pagata con il credito: è attiva, il PDF ti arriva per e-mail.',
  ownCorrection: 'Non puoi rettificare il tuo credito: chiedi a un amministratore.',
  aboveLimit: (limit: number) => `Oltre ${formatEuros(limit)} di credito in più la rettifica la fa un amministratore.`,
} as const;

export const settingsDto = (settings: Pick<Setting, 'creditTopUpMinCents' | 'creditTopUpMaxCents' | 'creditCorrectionLimitCents'>) => ({
  top_up_min: centsToMoney(settings.creditTopUpMinCents),
  top_up_max: centsToMoney(settings.creditTopUpMaxCents),
  correction_limit: centsToMoney(settings.creditCorrectionLimitCents),
});
