// A card made at the desk (docs/domain.md#memberships): its quote, and the card itself, priced by the same
// rules, active at once, its payment recorded; a new holder gets an account and an invitation.
import { randomBytes } from 'node:crypto';
import type { BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { isUniqueViolation, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { invalid } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { fromIsoDate } from '../../lib/time.js';
import { newEmailToken } from '../auth/index.js';
import type { DeskMembershipChanges } from './desk-membership-changes.js';
import type { DeskMembershipList } from './desk-membership-list.js';
import { ADMIN_MEMBERSHIP_MESSAGES, type AdminRoutes, rethrowOverlap } from './membership-terms.js';
import { invitationEmail } from './memberships.emails.js';
import type { MembershipsService } from './memberships.service.js';

type DeskBody = BodyOf<AdminRoutes['create']>;

/** A member created at the desk has a week to choose a password (a reset link lasts an hour). */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function createDeskNewMembership(
  deps: Pick<AppDeps, 'db' | 'config' | 'jobs'>,
  memberships: MembershipsService,
  { load }: DeskMembershipList,
  { payCard, verifiedPaymentIntent, rethrowLinked }: DeskMembershipChanges,
) {
  const { db, jobs, config } = deps;

  /** The holder of a desk card: an existing member, or a new account with an invitation to set a password. */
  async function holderFor(tx: Prisma.TransactionClient, body: DeskBody): Promise<Pick<User, 'id' | 'birthDate'>> {
    if (body.user_id) {
      const user = await tx.user.findUnique({ where: { id: body.user_id } });
      if (!user) throw invalid({ user_id: [ADMIN_MEMBERSHIP_MESSAGES.holderUnknown] });
      return user;
    }
    const fresh = body.new_user!;
    // Nobody knows this password: the member chooses one from the invitation.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), config.BCRYPT_COST);
    // The account is a change of its own, recorded beside the card's.
    const user = await auditRow(tx, { entity: 'users', action: 'create' }, () =>
      tx.user.create({
        data: {
          firstName: fresh.first_name,
          lastName: fresh.last_name,
          email: fresh.email,
          phone: fresh.phone,
          birthDate: fromIsoDate(fresh.birth_date),
          passwordHash,
          emailVerifiedAt: new Date(),
        },
      }),
    ).catch((error: unknown) => {
      // The only unique key of users is the e-mail.
      if (isUniqueViolation(error)) throw invalid({ 'new_user.email': [ADMIN_MEMBERSHIP_MESSAGES.emailTaken] });
      throw error;
    });
    const { token, hash } = newEmailToken();
    await tx.userToken.create({ data: { userId: user.id, purpose: 'password_reset', tokenHash: hash, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) } });
    await jobs.send('send-email', invitationEmail(user, `${config.WEB_ORIGIN}/reset-password?token=${token}`), { tx });
    return user;
  }

  /** The birth date the rules check: the member's, or the new member's. */
  async function birthDateOf(body: DeskBody): Promise<Pick<User, 'birthDate'>> {
    if (body.new_user) return { birthDate: fromIsoDate(body.new_user.birth_date) };
    const user = await db.user.findUnique({ where: { id: body.user_id! }, select: { birthDate: true } });
    if (!user) throw invalid({ user_id: [ADMIN_MEMBERSHIP_MESSAGES.holderUnknown] });
    return user;
  }

  return {
    async quote(body: DeskBody) {
      return (await memberships.price(await birthDateOf(body), body)).quote;
    },

    /** A card made at the desk: priced by the same rules, active at once, its payment recorded. */
    async createAtDesk(body: DeskBody) {
      const card = await memberships.price(await birthDateOf(body), body);
      const { method, stripe_payment_id: paymentIntentId } = body.payment;
      const intent = method === 'stripe' ? await verifiedPaymentIntent(paymentIntentId!, card.priceCents) : null;
      const membershipNumber = await memberships.nextMembershipNumber(card);
      const created = await db
        .$transaction(async (tx) => {
          const holder = await holderFor(tx, body);
          const membership = await auditRow(tx, { entity: 'memberships', action: 'create' }, () =>
            memberships.insertCard(tx, holder.id, body, card, { membershipNumber, status: 'active', activatedAt: new Date(), notes: body.notes ?? null }),
          );
          if (card.priceCents > 0) {
            const payment = await tx.transaction.create({
              data: {
                kind: 'membership',
                userId: holder.id,
                membershipId: membership.id,
                amountCents: card.priceCents,
                method,
                status: 'completed',
                stripePaymentIntentId: intent?.id ?? null,
                description: `Tessera ${membership.membershipNumber} (segreteria)`,
                paidAt: intent ? new Date(intent.created * 1000) : new Date(),
              },
            });
            await payCard(tx, payment, membership.id, holder.id);
          }
          await jobs.send('membership-activated', { membershipId: membership.id }, { tx });
          return membership;
        }, TRANSACTION_OPTIONS)
        .catch(rethrowOverlap)
        .catch(rethrowLinked);
      return { message: ADMIN_MEMBERSHIP_MESSAGES.created(created.membershipNumber), membership: await load(created.id) };
    },
  };
}
