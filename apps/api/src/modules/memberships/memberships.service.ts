// Membership cards, member side (docs/domain.md#memberships): quote, purchase, online payment, PDF card, public
// verification, and the jobs that follow (activation e-mail, daily expiry and reminders). Each part in its own
// file; this composes them.
import type { AppDeps } from '../../deps.js';
import type { Checkouts } from '../payments/index.js';
import { createMembershipPurchase } from './buy-membership.js';
import { createMembershipJobs } from './membership-jobs.js';
import { createMembershipReads } from './membership-view.js';
import { createMembershipPayments } from './pay-membership.js';

export function createMembershipsService(deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'storage' | 'logger' | 'stripe'>, checkouts: Checkouts) {
  const reads = createMembershipReads(deps);
  const payments = createMembershipPayments(deps, checkouts, reads);
  const { price, nextMembershipNumber, insertCard, quote, create } = createMembershipPurchase(deps, payments);
  const { sendActivation, sendPaymentReminder, runDaily } = createMembershipJobs(deps, reads);
  return {
    paymentTarget: payments.paymentTarget,
    price,
    nextMembershipNumber,
    insertCard,
    pdfFile: reads.pdfFile,
    activate: payments.activate,
    collectTransfer: payments.collectTransfer,
    mine: reads.mine,
    quote,
    create,
    checkout: payments.checkout,
    cancel: payments.cancel,
    pdf: reads.pdf,
    verify: reads.verify,
    sendActivation,
    sendPaymentReminder,
    runDaily,
  };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;
