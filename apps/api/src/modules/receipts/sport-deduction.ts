// The 19 % deduction of children's sport expenses (art. 15, c. 1, lett. i-quinquies TUIR,
// docs/school.md#receipts-and-reports): what a receipt or a yearly statement must say for the parent to
// claim it. Shared by the receipts and the children's yearly statement.
import type { PaymentMethod } from '../../generated/prisma/enums.js';
import type { Db } from '../../lib/db.js';
import type { Prisma } from '../../generated/prisma/client.js';

/** The deduction covers children of these ages (both included). */
const DEDUCTION_AGES = { from: 5, to: 18 } as const;
export const inDeductionAges = (age: number | null) => age !== null && age >= DEDUCTION_AGES.from && age <= DEDUCTION_AGES.to;

export const DEDUCTION_WORDING =
  'Spesa per l’iscrizione annuale e l’abbonamento ad attività sportive dilettantistiche di ragazzi di età compresa tra 5 e 18 anni, detraibile al 19 % (art. 15, comma 1, lettera i-quinquies, TUIR), fino a 210,00 € per ragazzo, se pagata con mezzi tracciabili.';

/** Only a traceable payment (card, POS, transfer) can be deducted; cash cannot. */
export const isTraceable = (method: PaymentMethod) => method !== 'cash';

export const traceabilityOf = (method: PaymentMethod) =>
  isTraceable(method) ? 'Pagamento tracciabile' : 'Pagamento in contanti: non tracciabile, non valido per la detrazione';

/** A member's fiscal code, as their latest card (not pending) records it; none without a card. */
export async function memberFiscalCode(db: Db | Prisma.TransactionClient, userId: number): Promise<string | null> {
  const card = await db.membership.findFirst({ where: { userId, status: { not: 'pending' }, fiscalCode: { not: null } }, orderBy: { startDate: 'desc' }, select: { fiscalCode: true } });
  return card?.fiscalCode ?? null;
}
