import { defineMessages, type TCreditMovementKind } from '@beach/contracts';
import { greetingOf, renderEmail } from '../../lib/email-layout.js';
import { i18nFor, localizedEuros, sayer } from '../../lib/i18n.js';
import type { MailMessage } from '../../lib/mail.js';

/** Who the e-mail goes to, and their language (users.locale). */
interface Recipient {
  email: string;
  firstName: string;
  locale: string;
}

const messages = defineMessages({
  addedSubject: /* i18n */ { id: 'api.credit.email_added_subject', message: 'Ti abbiamo accreditato del credito' },
  usedSubject: /* i18n */ { id: 'api.credit.email_used_subject', message: 'Abbiamo usato parte del tuo credito' },
  movementTitle: /* i18n */ { id: 'api.credit.email_movement_title', message: 'Movimento del tuo credito' },
  added: /* i18n */ { id: 'api.credit.email_added', message: '{kind}: ti abbiamo accreditato {amount} sul tuo credito.' },
  used: /* i18n */ { id: 'api.credit.email_used', message: '{kind}: abbiamo addebitato {amount} sul tuo credito.' },
  reason: /* i18n */ { id: 'api.credit.email_reason', message: 'Motivo: {reason}' },
  balance: /* i18n */ { id: 'api.credit.email_balance', message: 'Il tuo credito ora è di {amount}.' },
  creditAction: /* i18n */ { id: 'api.credit.email_credit_action', message: 'Vedi il tuo credito' },
  questions: /* i18n */ { id: 'api.credit.email_questions', message: 'Per qualsiasi dubbio rispondi a questa e-mail o passa in segreteria.' },
  topUpSubject: /* i18n */ { id: 'api.credit.email_top_up_subject', message: 'Ricarica ricevuta: {amount} sul tuo credito' },
  topUpTitle: /* i18n */ { id: 'api.credit.email_top_up_title', message: 'Ricarica ricevuta' },
  topUpText: /* i18n */ { id: 'api.credit.email_top_up_text', message: 'abbiamo ricevuto la tua ricarica di {amount}: è sul tuo credito.' },
  available: /* i18n */ { id: 'api.credit.email_available', message: 'Credito disponibile: {amount}. Lo usi per prenotare, per la tessera e per i carnet.' },
  receipt: /* i18n */ { id: 'api.credit.email_receipt', message: 'La ricevuta è su «Il mio profilo».' },
});

/** A movement's kind, as CREDIT_MOVEMENT_LABELS names it in Italian. */
const KIND = defineMessages({
  top_up: /* i18n */ { id: 'api.credit.kind_top_up', message: 'Ricarica' },
  payment: /* i18n */ { id: 'api.credit.kind_payment', message: 'Pagamento' },
  hold: /* i18n */ { id: 'api.credit.kind_hold', message: 'Riservato per un pagamento in corso' },
  returned: /* i18n */ { id: 'api.credit.kind_returned', message: 'Pagamento restituito' },
  refund_to_card: /* i18n */ { id: 'api.credit.kind_refund_to_card', message: 'Rimborso su carta' },
  desk_adjustment: /* i18n */ { id: 'api.credit.kind_desk_adjustment', message: 'Rettifica in segreteria' },
  rain_credit: /* i18n */ { id: 'api.credit.kind_rain_credit', message: 'Credito per maltempo' },
  cash_refund: /* i18n */ { id: 'api.credit.kind_cash_refund', message: 'Rimborso in contanti' },
  stripe_refund: /* i18n */ { id: 'api.credit.kind_stripe_refund', message: 'Ricarica rimborsata dalla banca' },
  refund_failed: /* i18n */ { id: 'api.credit.kind_refund_failed', message: 'Rimborso sulla carta non riuscito: importo nel credito' },
  debt_settled: /* i18n */ { id: 'api.credit.kind_debt_settled', message: 'Saldato quanto dovuto al centro' },
} satisfies Record<TCreditMovementKind, unknown>);

/** A movement of their credit the member did not make themselves (the desk, a correction, the weather). */
export function creditMovementEmail(
  user: Recipient,
  movement: { kind: TCreditMovementKind; amountCents: number; reason: string | null },
  balanceCents: number,
  creditUrl: string,
): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  const added = movement.amountCents > 0;
  return {
    to: user.email,
    subject: say(added ? messages.addedSubject : messages.usedSubject),
    ...renderEmail(i18n, {
      title: say(messages.movementTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [
        say(added ? messages.added : messages.used, { kind: say(KIND[movement.kind]), amount: localizedEuros(Math.abs(movement.amountCents)) }),
        ...(movement.reason ? [say(messages.reason, { reason: movement.reason })] : []),
        say(messages.balance, { amount: localizedEuros(balanceCents) }),
      ],
      action: { label: say(messages.creditAction), url: creditUrl },
      footnote: say(messages.questions),
    }),
  };
}

/** An online top-up went through: the amount is on the member's credit. */
export function topUpEmail(user: Recipient, amountCents: number, availableCents: number, creditUrl: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  const amount = localizedEuros(amountCents);
  return {
    to: user.email,
    subject: say(messages.topUpSubject, { amount }),
    ...renderEmail(i18n, {
      title: say(messages.topUpTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(messages.topUpText, { amount }), say(messages.available, { amount: localizedEuros(availableCents) })],
      action: { label: say(messages.creditAction), url: creditUrl },
      footnote: say(messages.receipt),
    }),
  };
}

const debtMessages = defineMessages({
  settledSubject: /* i18n */ { id: 'api.debt.email_settled_subject', message: 'Quanto dovevi al centro è saldato' },
  settledTitle: /* i18n */ { id: 'api.debt.email_settled_title', message: 'Debito saldato' },
  settledAtDesk: /* i18n */ { id: 'api.debt.email_settled_at_desk', message: 'abbiamo ricevuto {amount} in segreteria: quanto dovevi al centro è saldato.' },
  settledFromCredit: /* i18n */ { id: 'api.debt.email_settled_from_credit', message: 'abbiamo preso {amount} dal tuo credito: quanto dovevi al centro è saldato.' },
});

/** The desk collected what the member owed the centre (docs/domain.md#credit): in cash or by POS (with its receipt), or from their credit. */
export function debtSettledEmail(user: Recipient, amountCents: number, fromCredit: boolean, creditUrl: string): MailMessage {
  const i18n = i18nFor(user.locale);
  const say = sayer(i18n);
  const amount = localizedEuros(amountCents);
  return {
    to: user.email,
    subject: say(debtMessages.settledSubject),
    ...renderEmail(i18n, {
      title: say(debtMessages.settledTitle),
      greeting: greetingOf(i18n, user.firstName),
      paragraphs: [say(fromCredit ? debtMessages.settledFromCredit : debtMessages.settledAtDesk, { amount })],
      action: { label: say(messages.creditAction), url: creditUrl },
      footnote: say(fromCredit ? messages.questions : messages.receipt),
    }),
  };
}
