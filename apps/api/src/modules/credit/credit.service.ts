// Credit (docs/domain.md#credit): a member's money in the centre's keeping, kept in the ledger — one
// account per top-up (refundable where it came from) and one of promotional credit (spendable only).
// Money that comes in (a top-up online or at the desk) is also a completed payment row of kind 'credit',
// so it gets its receipt like any payment; a booking later paid from credit is not money received again.
// Each part in its own file; this composes them.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';
import type { MembershipsService } from '../memberships/index.js';
import { readSettings, saveSettings } from '../settings/index.js';
import type { User } from '../../generated/prisma/client.js';
import { refuseOwnMoney } from '../auth/index.js';
import { createCreditDesk } from './credit-desk.js';
import { createCreditRefunds } from './credit-refunds.js';
import { createCreditReads } from './credit-statement.js';
import { settingsDto } from './credit-terms.js';
import { createMemberDebt } from './member-debt.js';
import { createOnlineTopUp } from './online-top-up.js';
import { createCreditPayments } from './pay-with-credit.js';

export { CREDIT_MESSAGES } from './credit-terms.js';

export function createCreditService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'stripe' | 'logger'>, checkouts: Checkouts, stripeRequests: StripeRequests, activateMembership: MembershipsService['activate']) {
  const { db } = deps;
  const reads = createCreditReads(deps);
  const { paymentTarget, topUp } = createOnlineTopUp(deps, checkouts);
  const { payBooking, payMembership } = createCreditPayments(deps, checkouts, activateMembership, reads);
  const { deskTopUp, adjust, refund } = createCreditDesk(deps, stripeRequests, reads);
  const debt = createMemberDebt(deps, checkouts, reads);
  const { payRefundDue } = createCreditRefunds(deps, stripeRequests);
  return {
    paymentTarget,
    debtPaymentTarget: debt.paymentTarget,
    settleDebt: debt.settle,
    payDebtOnline: debt.checkout,

    settings: async () => settingsDto(await readSettings(db)),

    async saveSettings({ top_up_min, top_up_max, correction_limit, confirm_above }: BodyOf<typeof api.credit.saveSettings>) {
      const saved = await saveSettings(db, { creditTopUpMinCents: top_up_min, creditTopUpMaxCents: top_up_max, creditCorrectionLimitCents: correction_limit, deskConfirmAboveCents: confirm_above });
      return settingsDto(saved);
    },

    payBooking,
    payMembership,
    mine: reads.mine,
    topUp,
    show: reads.show,
    deskTopUp,
    adjust,
    corrections: reads.corrections,
    refund,

    /** A member's card refunds Stripe did not make, paid out at the desk; on one's own account, an admin's. */
    async payRefundDue(staff: User, userId: number, body: BodyOf<typeof api.credit.payRefundDue>) {
      await reads.memberOf(userId);
      refuseOwnMoney(staff, [userId]);
      const { message, entryId } = await payRefundDue(staff.id, userId, body);
      return reads.changed(message, userId, entryId);
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
