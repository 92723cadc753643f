import type { TCourt } from '@beach/contracts';
import type { Court } from '../../generated/prisma/client.js';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../lib/db.js';

/** Courts in map order: rows A-D by position, then the free-use courts. */
export async function listCourts(db: Db): Promise<TCourt[]> {
  const courts = await db.court.findMany({ orderBy: [{ row: { sort: 'asc', nulls: 'last' } }, { position: 'asc' }] });
  return courts.map(toCourtDto);
}

export function createCourtsService({ db }: Pick<AppDeps, 'db'>) {
  return { list: async () => ({ data: await listCourts(db) }) };
}

export type CourtsService = ReturnType<typeof createCourtsService>;

export const toCourtDto = (court: Court): TCourt => ({
  id: court.id,
  code: court.code,
  name: court.name,
  row: court.row as TCourt['row'],
  position: court.position,
  purpose: court.purpose,
  has_lights: court.hasLights,
  is_bookable: court.isBookable,
  description: court.description,
});
