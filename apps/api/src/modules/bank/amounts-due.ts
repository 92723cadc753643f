// The desk's print of what a member owes now (docs/annual-accounts.md#paying-by-transfer): each amount due
// that can be paid by transfer — a card waiting for its payment, an enrolment's next instalment (theirs or
// their child's), their part of a tournament entry, their debt — with the association's IBAN, the amount,
// the RF reference and the EPC QR code. What is owed is read from the ledger, as every screen reads it.
import { centsToMoney, type TAmountsDue } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { associationAccount, type Owed, referenceOf, transferDetails } from '../bank-transfer/index.js';
import type { EnrolmentsService } from '../enrolments/index.js';
import { accounts, debtOf, owedOne } from '../ledger/index.js';

/** What an enrolment's next payment costs (the enrolments module's own reading). */
type Instalments = { enrolments: Pick<EnrolmentsService, 'dueOf'> };

const LIVE_ENROLMENT = ['pending_payment', 'confirmed'] as const;
const LIVE_ENTRY = ['pending', 'confirmed'] as const;

/** Each amount the member owes now, in words (Italian: the desk's print, the treasurer's proposals), with what it pays. */
export async function amountsOwedBy(db: AppDeps['db'], { enrolments }: Instalments, userId: number) {
  const found: { what: string; owed: Owed; cents: number }[] = [];
  for (const card of await db.membership.findMany({ where: { userId, status: 'pending' }, orderBy: { id: 'asc' } })) {
    const cents = await owedOne(db, accounts.membership(card.id));
    if (cents > 0) found.push({ what: `Tessera n. ${card.membershipNumber}`, owed: { kind: 'membership', id: card.id }, cents });
  }
  const live = await db.courseEnrolment.findMany({ where: { userId, status: { in: [...LIVE_ENROLMENT] } }, include: { course: { select: { name: true } }, child: { select: { firstName: true } } }, orderBy: { id: 'asc' } });
  for (const enrolment of live) {
    const due = await enrolments.dueOf(enrolment.id);
    const participant = enrolment.child ? ` · ${enrolment.child.firstName}` : '';
    if (due && due.cents > 0) found.push({ what: `${enrolment.course.name}${participant}, rata ${due.seq}`, owed: { kind: 'enrolment', id: enrolment.id, seq: due.seq }, cents: due.cents });
  }
  const parts = await db.tournamentPlayer.findMany({ where: { userId, withdrawnAt: null, entry: { status: { in: [...LIVE_ENTRY] } } }, include: { tournament: { select: { name: true } } }, orderBy: { id: 'asc' } });
  for (const part of parts) {
    const cents = await owedOne(db, accounts.tournamentPlayer(part.id));
    if (cents > 0) found.push({ what: `Quota torneo: ${part.tournament.name}`, owed: { kind: 'tournament', playerId: part.id }, cents });
  }
  const debt = await debtOf(db, userId);
  if (debt > 0) found.push({ what: 'Debito verso il centro', owed: { kind: 'debt', userId }, cents: debt });
  return found;
}

export function createAmountsDue({ db }: Pick<AppDeps, 'db'>, payers: Instalments) {
  return async function amountsDue(userId: number): Promise<TAmountsDue> {
    const user = await db.user.findUnique({ where: { id: userId }, select: { firstName: true, lastName: true } });
    if (!user) throw notFound('Utente non trovato.');
    const account = await associationAccount(db);
    const items = await Promise.all(
      (await amountsOwedBy(db, payers, userId)).map(async ({ what, owed, cents }) => ({ what, amount: centsToMoney(cents), transfer: account ? await transferDetails(account, cents, referenceOf(owed)) : null })),
    );
    return { member: `${user.firstName} ${user.lastName}`, items };
  };
}
