// What a member owes the centre (docs/domain.md#credit, "Debt": money the bank took back after it was
// spent): the desk settles it on the member's page, the member pays it online by card.
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages } from './messages.js';
import { ZMoney } from './money.js';
import * as z from './zod-i18n.js';

const debtMessages = defineMessages({
  method: /* i18n */ { id: 'debt.settle_method', message: 'Scegli come è stato saldato: contanti, POS o dal credito.' },
});

/** How the desk settles a debt: cash, a POS card payment, or the member's paid-in credit. */
export const DEBT_SETTLE_METHODS = ['cash', 'card', 'credit'] as const;
export const DEBT_SETTLE_METHOD_LABELS: Record<(typeof DEBT_SETTLE_METHODS)[number], string> = { cash: 'Contanti', card: 'POS', credit: 'Dal credito' };
export const ZDebtSettleBody = z.object({ method: z.enum(DEBT_SETTLE_METHODS, z.because(debtMessages.method)) });
export type TDebtSettleBody = z.input<typeof ZDebtSettleBody>;

/** What the member owes the centre, in a new booking's or enrolment's answer: null when nothing; the screen warns. */
export const ZDebtWarning = ZMoney.nullable();

/** What settling answers: the message and what is still owed after it. */
export const ZDebtSettled = z.object({ message: z.string(), owed: ZMoney });
export type TDebtSettled = z.infer<typeof ZDebtSettled>;

export const memberDebtRoutes = {
  settle: defineRoute({
    method: 'post', path: '/api/admin/users/:id/debt/settle', tag: 'credit', access: 'staff',
    summary: 'Incassa in segreteria quanto il socio deve al centro (contanti, POS o dal credito versato): registra l’incasso con la sua ricevuta. Sul proprio conto, solo un amministratore',
    params: ZIdParams, body: ZDebtSettleBody, response: ZDebtSettled,
  }),
  checkout: defineRoute({
    method: 'post', path: '/api/me/debt/checkout', tag: 'credit', access: 'user',
    summary: 'Paga online quanto devo al centro: apre il pagamento su Stripe Checkout',
    response: z.object({ checkout_url: z.string() }),
  }),
};
