// The back-office list of card holders, and of the children who take part in the school, by the state of
// their medical certificate (docs/domain.md#medical-certificates, docs/school.md#families), paged on screen
// and whole as CSV: both read the same rows.
import { type api, CERTIFICATE_KIND_LABELS, CERTIFICATE_STATE_LABELS, CERTIFICATE_STATES, type QueryOf, type TCertificateListRow } from '@beach/contracts';
import type { MedicalCertificate, Prisma } from '../../generated/prisma/client.js';
import { writeCsv } from '../../lib/csv.js';
import type { Db } from '../../lib/db.js';
import { formatItalianDate } from '../../lib/format.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { fromIsoDate, todayInRome, toIsoDate } from '../../lib/time.js';
import { CERTIFICATES_ORDER, stateOn } from './certificate-status.js';

type Person = { userId: number; childId: number | null; firstName: string; lastName: string; email: string; parentName: string | null };

/** One row: the person's state today from their certificates not rejected (newest first). */
function rowOf(person: Person, certificates: MedicalCertificate[], today: string): TCertificateListRow {
  const { state } = stateOn(certificates, today);
  const pending = certificates.find((certificate) => !certificate.verifiedAt && toIsoDate(certificate.expiryDate) >= today);
  // The one to look at: an upload awaiting verification, else the latest.
  const latest = pending ?? certificates[0] ?? null;
  return {
    user_id: person.userId,
    child_id: person.childId,
    parent_name: person.parentName,
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    state,
    awaiting_verification: pending !== undefined,
    kind: latest?.kind ?? null,
    expiry_date: latest ? toIsoDate(latest.expiryDate) : null,
    certificate_id: latest?.id ?? null,
    file_type: (latest?.fileType ?? null) as TCertificateListRow['file_type'],
  };
}

/** A word of the name, in the first or the last name. */
const nameMatches = (word: string) => [{ firstName: { contains: word, mode: 'insensitive' as const } }, { lastName: { contains: word, mode: 'insensitive' as const } }];

/**
 * The children who need a certificate checked: enrolled (not cancelled) in a course or camp not yet over,
 * or with an upload still to verify; searched by the child's name.
 */
async function childRows(db: Db, words: string[], today: string): Promise<TCertificateListRow[]> {
  const notRejected = { rejectedAt: null };
  const children = await db.child.findMany({
    where: {
      parent: { erasedAt: null },
      OR: [
        { enrolments: { some: { status: { not: 'cancelled' }, course: { endsOn: { gte: fromIsoDate(today) } } } } },
        { certificates: { some: { ...notRejected, verifiedAt: null, expiryDate: { gte: fromIsoDate(today) } } } },
      ],
      AND: words.map((word) => ({ OR: nameMatches(word) })),
    },
    include: { parent: { select: { firstName: true, lastName: true, email: true } }, certificates: { where: notRejected, orderBy: CERTIFICATES_ORDER } },
  });
  return children.map((child) =>
    rowOf(
      { userId: child.parentId, childId: child.id, firstName: child.firstName, lastName: child.lastName, email: child.parent.email, parentName: `${child.parent.firstName} ${child.parent.lastName}` },
      child.certificates,
      today,
    ),
  );
}

/**
 * Members holding an active card and the school's children, with their state today, filtered and
 * searched (every word in the first or last name, or a member's fiscal code on one of their cards); the
 * list and its CSV read the same rows.
 * The state is derived from the certificates, so the filter runs here and the list pages the result.
 */
async function listRows(db: Db, { filter, search }: QueryOf<typeof api.certificates.export>): Promise<TCertificateListRow[]> {
  const today = todayInRome();
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  const where: Prisma.UserWhereInput = {
    erasedAt: null,
    memberships: { some: { status: 'active' } },
    AND: words.map((word) => ({
      OR: [...nameMatches(word), { memberships: { some: { fiscalCode: word.toUpperCase() } } }],
    })),
  };
  const members = await db.user.findMany({
    where,
    // Their own certificates: a child's, on the parent's row, is listed as the child's.
    select: { id: true, firstName: true, lastName: true, email: true, certificates: { where: { rejectedAt: null, childId: null }, orderBy: CERTIFICATES_ORDER } },
  });
  const rows = [
    ...members.map((member) => rowOf({ userId: member.id, childId: null, firstName: member.firstName, lastName: member.lastName, email: member.email, parentName: null }, member.certificates, today)),
    ...(await childRows(db, words, today)),
  ];
  return rows
    .sort((a, b) => a.last_name.localeCompare(b.last_name, 'it') || a.first_name.localeCompare(b.first_name, 'it') || a.user_id - b.user_id || (a.child_id ?? 0) - (b.child_id ?? 0))
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
    ['Cognome', 'Nome', 'Figlio/a di', 'E-mail', 'Stato', 'Da verificare', 'Tipo', 'Scadenza'],
    rows.map((row) => [row.last_name, row.first_name, row.parent_name ?? '', row.email, CERTIFICATE_STATE_LABELS[row.state], row.awaiting_verification ? 'Sì' : 'No', row.kind ? CERTIFICATE_KIND_LABELS[row.kind] : '', row.expiry_date ? formatItalianDate(row.expiry_date) : '']),
  );
}
