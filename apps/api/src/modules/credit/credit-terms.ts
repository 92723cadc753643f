// The terms every part of credit shares (docs/domain.md#credit): its messages and how its settings
// are shown.
import { centsToMoney, defineMessages, italianTexts } from '@beach/contracts';
import type { Setting } from '../../generated/prisma/client.js';
import { italian, localizedEuros, withValues } from '../../lib/i18n.js';

export const creditMessages = defineMessages({
  notPayable: /* i18n */ { id: 'api.credit.not_payable', message: 'La prenotazione non è più in attesa di pagamento.' },
  bookingPaid: /* i18n */ { id: 'api.credit.booking_paid', message: 'Prenotazione pagata con il credito.' },
  membershipPaid: /* i18n */ { id: 'api.credit.membership_paid', message: 'Tessera pagata con il credito: è attiva, il PDF ti arriva per e-mail.' },
  ownCorrection: /* i18n */ { id: 'api.credit.own_correction', message: 'Non puoi rettificare il tuo credito: chiedi a un amministratore.' },
  topUpRange: /* i18n */ { id: 'api.credit.top_up_range', message: 'Puoi ricaricare da {min} a {max}.' },
  aboveLimit: /* i18n */ { id: 'api.credit.above_limit', message: 'Oltre {limit} di credito in più al giorno la rettifica la fa un amministratore.' },
});
/** The Italian of each, as the tests read it. */
export const CREDIT_MESSAGES = {
  ...italianTexts(creditMessages),
  aboveLimit: (limit: number) => italian(withValues(creditMessages.aboveLimit, { limit: localizedEuros(limit) })),
};

export const settingsDto = (settings: Pick<Setting, 'creditTopUpMinCents' | 'creditTopUpMaxCents' | 'creditCorrectionLimitCents'>) => ({
  top_up_min: centsToMoney(settings.creditTopUpMinCents),
  top_up_max: centsToMoney(settings.creditTopUpMaxCents),
  correction_limit: centsToMoney(settings.creditCorrectionLimitCents),
});
