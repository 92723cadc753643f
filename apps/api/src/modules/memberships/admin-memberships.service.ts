// Memberships back-office (docs/screens.md#memberships-screen): list, stats, cards
// waiting for activation, activation, deletion, linking a Stripe payment by hand, and cards made or
// corrected at the desk. Every rule the screen applies is applied here again. Each part in its own file;
// this composes them.
import type { AppDeps } from '../../deps.js';
import type { Checkouts } from '../payments/index.js';
import { createDeskMembershipChanges } from './desk-membership-changes.js';
import { createDeskMembershipList } from './desk-membership-list.js';
import { createDeskNewMembership } from './desk-new-membership.js';
import type { MembershipsService } from './memberships.service.js';

export function createAdminMembershipsService(deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'stripe'>, memberships: MembershipsService, checkouts: Checkouts) {
  const reads = createDeskMembershipList(deps, memberships);
  const changes = createDeskMembershipChanges(deps, memberships, checkouts, reads);
  const { quote, createAtDesk } = createDeskNewMembership(deps, memberships, reads, changes);
  return {
    list: reads.list,
    stats: reads.stats,
    orphaned: reads.orphaned,
    show: reads.show,
    pdf: reads.pdf,
    activate: changes.activate,
    remove: changes.remove,
    linkStripePayment: changes.linkStripePayment,
    quote,
    createAtDesk,
    update: changes.update,
  };
}

export type AdminMembershipsService = ReturnType<typeof createAdminMembershipsService>;
