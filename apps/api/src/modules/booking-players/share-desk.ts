// A player's share collected at the desk (docs/domain.md#split-payment), from the member's page: what it
// still owes, read from the ledger under the share's lock, is one completed payment (cash, POS or bank
// transfer) with its receipt. Nobody collects their own share (docs/domain.md#own-money).
import type { BodyOf, api } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { italian } from '../../lib/i18n.js';
import { AppError, notFound } from '../../lib/errors.js';
import { refuseOwnMoney } from '../auth/index.js';
import { moneyAccount, owedOne, payment as paymentEntry, shareReceivable } from '../ledger/index.js';
import { checkoutItems, type Checkouts } from '../payments/index.js';
import { lockShare } from './share-lock.js';
import { playerMessages, type SplitDeps } from './split-terms.js';

export const SHARE_COLLECTED = 'Quota incassata.';

export function createShareDesk({ db }: Pick<SplitDeps, 'db'>, checkouts: Checkouts) {
  return async function collect(staff: User, shareId: number, { method }: BodyOf<typeof api.bookingPlayers.collect>) {
    // A card checkout already paid stops this (409); one still open is closed with the payment.
    await checkouts.refuseIfPaid('booking_share', shareId);
    await db.$transaction(async (tx) => {
      await lockShare(tx, shareId);
      const share = await tx.bookingPlayer.findUnique({ where: { id: shareId }, include: { booking: { include: { court: true } } } });
      if (!share) throw notFound(playerMessages.shareNotFound);
      // A share passed to the organiser at the deadline is theirs to pay: on their account, its status kept.
      const payer = share.status === 'charged_to_organiser' ? share.booking.userId : share.userId;
      refuseOwnMoney(staff, [payer]);
      const receivable = shareReceivable(share.id, share.bookingId);
      const owed = await owedOne(tx, receivable.account, { lock: true });
      if (share.booking.status !== 'confirmed' || owed <= 0) throw new AppError(409, playerMessages.notPayable);
      await auditRow(tx, { entity: 'booking_players', id: shareId, action: 'mark-paid' }, async () => {
        await checkouts.closeIn(tx, 'booking_share', shareId);
        const description = italian(checkoutItems.share(share.booking.court.code, share.booking));
        const payment = await tx.transaction.create({
          data: { kind: 'booking_share', type: 'payment', bookingPlayerId: shareId, userId: payer, amountCents: owed, method, status: 'completed', paidAt: new Date(), description },
        });
        await paymentEntry(tx, `payment:${payment.id}`, moneyAccount(method), [{ receivable, cents: owed }], {
          bookingId: share.bookingId,
          bookingPlayerId: shareId,
          userId: payer,
          transactionId: payment.id,
          createdById: staff.id,
          description,
        });
        await tx.bookingPlayer.update({ where: { id: shareId }, data: { status: payer === share.userId ? 'paid' : share.status, transactionId: payment.id } });
      });
    }, TRANSACTION_OPTIONS);
    return { message: SHARE_COLLECTED };
  };
}
