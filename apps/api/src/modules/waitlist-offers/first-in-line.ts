// Who a freed place goes to, the same in every list (docs/domain.md#waitlist): the one waiting longest.

/** Who is first in line: the oldest entry still waiting, ties by id (the order of arrival). */
export const FIRST_IN_LINE = [{ createdAt: 'asc' }, { id: 'asc' }] satisfies { createdAt?: 'asc'; id?: 'asc' }[];

/**
 * A freed place offered on: when an offer can still be made (`expiresAt`, from `offerExpiry`) and someone
 * is first in line, they are offered it until then; else the place goes back to whoever counts it.
 * Returns whether an offer was made. The caller holds the lock that queues the list's writers.
 */
export async function offerToFirstInLine<Entry>(
  expiresAt: Date | null,
  firstInLine: () => Promise<Entry | null>,
  { offer, giveBack }: { offer: (entry: Entry, expiresAt: Date) => Promise<void>; giveBack: () => Promise<void> },
): Promise<boolean> {
  const first = expiresAt ? await firstInLine() : null;
  if (!expiresAt || !first) {
    await giveBack();
    return false;
  }
  await offer(first, expiresAt);
  return true;
}
