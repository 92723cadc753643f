// it-IT formatting for what stays Italian: receipts, payment descriptions, the back-office’s messages. What a member reads
// in their language (e-mails, calendar files, the card, Stripe’s page) writes dates and amounts with lib/i18n.ts (localizedDay, localizedWhen, localizedEuros).
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Integer cents as "60,00 €" (display only: amounts are computed in cents). */
export const formatEuros = (cents: number): string => euro.format(cents / 100);

/** YYYY-MM-DD as dd/mm/yyyy. */
export const formatItalianDate = (date: string): string => date.split('-').reverse().join('/');
