// The back-office list of card holders by the state of their medical certificate (docs/domain.md#medical-certificates),
// paged on screen and whole as CSV: both read the same rows.
import { type api, CERTIFICATE_KIND_LABELS, CERTIFICATE_STATE_LABELS, CERTIFICATE_STATES, type QueryOf, type TCertificateListRow } from '@beach/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import { writeCsv } from '../../lib/csv.js';
import type { Db } from '../../lib/db.js';
import { formatItalianDate } from '../../lib/format.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { stateOn } from './certificate-status.js';

/**
 * Members holding an active card, with their state today, filtered and searched (every word in the
 * first or last name, or a fiscal code on one of their cards); the list and its CSV read the same rows.
 * The state is derived from the certificates, so the filter runs here and the list pages the result.
 */
async function listRows(db: Db, { filter, search }: QueryOf<typeof api.certificates.export>): Promise<TCertificateListRow[]> {
  const today = todayInRome();
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  const where: Prisma.UserWhereInput = {
    erasedAt: null,
    memberships: { some: { status: 'active' } },
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word, mode: 'insensitive' as const } },
        { lastName: { contains: word, mode: 'insensitive' as const } },
        { memberships: { some: { fiscalCode: word.toUpperCase() } } },
      ],
    })),
  };
  const members = await db.user.findMany({
    where,
    select: { id: true, firstName: true, lastName: true, email: true, certificates: { where: { rejectedAt: null }, orderBy: [{ expiryDate: 'desc' }, { id: 'desc' }] } },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  });
  return members
    .map((member) => {
      const { state } = stateOn(member.certificates, today);
      const latest = member.certificates[0] ?? null;
      return {
        user_id: member.id,
        first_name: member.firstName,
        last_name: member.lastName,
        email: member.email,
        state,
        awaiting_verification: member.certificates.some((certificate) => !certificate.verifiedAt && !certificate.rejectedAt && toIsoDate(certificate.expiryDate) >= today),
        kind: latest?.kind ?? null,
        expiry_date: latest ? toIsoDate(latest.expiryDate) : null,
        certificate_id: latest?.id ?? null,
      };
    })
    .filter((row) => {
      if (filter === 'all') return row.state !== 'valid' || row.awaiting_verification;
      return filter === 'to_verify' ? row.awaiting_verification : row.state === filter;
    })
    .sort((a, b) => CERTIFICATE_STATES.indexOf(a.state) - CERTIFICATE_STATES.indexOf(b.state));
}

export async function listCertificates(db: Db, query: QueryOf<typeof api.certificates.list>) {
  const rows = await listRows(db, query);
  const { skip, take } = skipTake(query);
  return pagedList(rows.slice(skip, skip + take), rows.length, query);
}

export async function exportCertificatesCsv(db: Db, query: QueryOf<typeof api.certificates.export>) {
  const rows = await listRows(db, query);
  return writeCsv(
    ['Cognome', 'Nome', 'E-mail', 'Stato', 'Da verificare', 'Tipo', 'Scadenza'],
    rows.map((row) => [row.last_name, row.first_name, row.email, CERTIFICATE_STATE_LABELS[row.state], row.awaiting_verification ? 'Sì' : 'No', row.kind ? CERTIFICATE_KIND_LABELS[row.kind] : '', row.expiry_date ? formatItalianDate(row.expiry_date) : '']),
  );
}
