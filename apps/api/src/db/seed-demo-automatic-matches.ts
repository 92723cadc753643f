// The demo's automatic matches (docs/open-matches.md#automatic-matches): the empty weekday mornings of the
// bookable courts C1–C4 offered as friendly beach volley 2×2 matches, the hours the centre fills least.
import type { Prisma } from '../generated/prisma/client.js';

export async function seedDemoAutomaticMatches(tx: Prisma.TransactionClient): Promise<void> {
  const courts = await tx.court.findMany({ where: { code: { in: ['C1', 'C2', 'C3', 'C4'] } }, select: { id: true }, orderBy: { id: 'asc' } });
  await tx.automaticMatchRule.create({
    data: { name: 'Mattine feriali', courtIds: courts.map((court) => court.id), weekdays: [1, 2, 3, 4, 5], fromTime: '09:00', toTime: '13:30', format: 'volley_2x2', competitive: false, gender: 'open' },
  });
}
