// The terms every part of credit shares (docs/domain.md#credit): its messages and how its settings
// are shown.
import { centsInItalianWords, centsToMoney, defineMessages, italianTexts } from '@beach/contracts';
import type { Setting } from '../../generated/prisma/client.js';
import { invalid } from '../../lib/errors.js';
import { INTL_LOCALE } from '@beach/i18n/node';
import { italian, localized, localizedEuros, withValues } from '../../lib/i18n.js';

export const creditMessages = defineMessages({
  notPayable: /* i18n */ { id: 'api.credit.not_payable', message: 'La prenotazione non è più in attesa di pagamento.' },
  bookingPaid: /* i18n */ { id: 'api.credit.booking_paid', message: 'Prenotazione pagata con il credito.' },
  membershipPaid: /* i18n */ { id: 'api.credit.membership_paid', message: 'Tessera pagata con il credito: è attiva, il PDF ti arriva per e-mail.' },
  ownCorrection: /* i18n */ { id: 'api.credit.own_correction', message: 'Non puoi rettificare il tuo credito: chiedi a un amministratore.' },
  topUpRange: /* i18n */ { id: 'api.credit.top_up_range', message: 'Puoi ricaricare da {min} a {max}.' },
  aboveLimit: /* i18n */ { id: 'api.credit.above_limit', message: 'Oltre {limit} di credito in più al giorno la rettifica la fa un amministratore.' },
  confirmAmount: /* i18n */ { id: 'api.credit.confirm_amount', message: 'Sopra {limit} l’importo va confermato: {amount} ({words}). Controlla e conferma.' },
});
/** The Italian of each, as the tests read it. */
export const CREDIT_MESSAGES = {
  ...italianTexts(creditMessages),
  aboveLimit: (limit: number) => italian(withValues(creditMessages.aboveLimit, { limit: localizedEuros(limit) })),
};

export const settingsDto = (settings: Pick<Setting, 'creditTopUpMinCents' | 'creditTopUpMaxCents' | 'creditCorrectionLimitCents' | 'deskConfirmAboveCents'>) => ({
  top_up_min: centsToMoney(settings.creditTopUpMinCents),
  top_up_max: centsToMoney(settings.creditTopUpMaxCents),
  correction_limit: centsToMoney(settings.creditCorrectionLimitCents),
  confirm_above: centsToMoney(settings.deskConfirmAboveCents),
});

/**
 * A top-up or a refund at the desk above the setting is booked only once the desk confirmed the amount in
 * words (docs/domain.md#credit, "Large amounts at the desk"): a slipped zero, a script or a double submit
 * is refused with the amount spelled out.
 */
export function requireConfirmedAmount(settings: Pick<Setting, 'deskConfirmAboveCents'>, cents: number, confirmed: boolean) {
  if (confirmed || cents <= settings.deskConfirmAboveCents) return;
  const words = centsInItalianWords(cents);
  throw invalid({ amount: [withValues(creditMessages.confirmAmount, { limit: groupedEuros(settings.deskConfirmAboveCents), amount: groupedEuros(cents), words })] });
}

/** With the thousands always grouped ("1.000,00 €", as the desk's screens write it): the zero that slipped shows. */
const groupedEuros = (cents: number) =>
  localized((locale) => new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' }).format(cents / 100));
