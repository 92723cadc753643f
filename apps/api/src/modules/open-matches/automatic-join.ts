// The first player of an automatic match (docs/open-matches.md#automatic-matches): in one transaction the slot
// is held for them (the court's exclusion constraint lets exactly one of two first players at once have it),
// the match opened on it with the rule's terms, and — by credit — their part paid and the court held.
import type { BodyOf, api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { confirmBooking, holdForMember, organiserDue, spendCreditOnBooking } from '../bookings/index.js';
import { assertCertificateForBooking } from '../certificates/index.js';
import { INSUFFICIENT_CREDIT } from '../ledger/index.js';
import { readSettings } from '../settings/index.js';
import { automaticMessages } from './automatic-rules.js';
import { offeredSlots } from './automatic-slots.js';
import { memberLevel, withinRange } from './match-terms.js';
import { startMatch } from './open-match.js';

export function createAutomaticJoining(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>) {
  const { db } = deps;
  return async function joinFirst(viewer: User, body: BodyOf<typeof api.automaticMatches.join>) {
    const now = new Date();
    const settings = await readSettings(db);
    const [slot] = await offeredSlots(db, settings, now, { ruleId: body.rule_id, courtId: body.court_id, date: body.date, start: body.start });
    if (!slot) throw new AppError(409, automaticMessages.notOffered);
    await assertCertificateForBooking(db, settings, viewer.id, body.date);
    return db.$transaction(async (tx) => {
      // Nobody is in yet to accept a member outside a competitive range: the first player is inside it.
      if (!withinRange(slot.rule, await memberLevel(tx, viewer.id, slot.wire.sport))) throw new AppError(409, automaticMessages.firstOutOfRange);
      const booking = await holdForMember(tx, viewer, { courtId: slot.courtId, startsAt: slot.startsAt, endsAt: slot.endsAt, priceCents: slot.priceCents }, settings, now);
      const { rule } = slot;
      const terms = { format: rule.format, competitive: rule.competitive, levelMinTenths: rule.levelMinTenths, levelMaxTenths: rule.levelMaxTenths, gender: rule.gender, note: null };
      const match = await startMatch(tx, booking, viewer.id, terms, slot.cutoffAt);
      if (body.pay_with === 'credit') {
        const due = await organiserDue(tx, booking.id, { lock: true });
        const spent = await spendCreditOnBooking(tx, { id: booking.id, userId: viewer.id }, due, { key: `open-match:${match.id}:first-player:credit` });
        if (spent === 'insufficient') throw new AppError(409, INSUFFICIENT_CREDIT, { pay_with: [INSUFFICIENT_CREDIT] });
        await confirmBooking(tx, deps, booking.id, 'credit');
      }
      // By card the hold's own payment page takes the part, as for any organiser; unpaid, the hold lapses and the slot is offered again.
      return { matchId: match.id, bookingId: booking.id, paid: body.pay_with === 'credit' };
    }, TRANSACTION_OPTIONS);
  };
}
