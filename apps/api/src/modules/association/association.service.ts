// The association's details (one row), read by receipts and the members' register, edited by an admin.
import type { api, BodyOf, TAssociation } from '@beach/contracts';
import type { Association } from '../../generated/prisma/client.js';
import { audit, rowOf } from '../../lib/audit.js';
import { type Db, type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';

export const readAssociation = (db: Db | Prisma.TransactionClient): Promise<Association> => db.association.findUniqueOrThrow({ where: { id: 1 } });

/** What a document (receipt, register) prints of the association. */
export interface Letterhead {
  name: string;
  address: string | null;
  fiscalCode: string | null;
  vatNumber: string | null;
  rasdNumber: string | null;
  email: string | null;
  signatory: string | null;
}

export const letterheadOf = (row: Association): Letterhead => ({
  name: row.name,
  address: row.address,
  fiscalCode: row.fiscalCode,
  vatNumber: row.vatNumber,
  rasdNumber: row.rasdNumber,
  email: row.email,
  signatory: row.receiptSignatory,
});

const toAssociationDto = (row: Association): TAssociation => ({
  name: row.name,
  address: row.address,
  fiscal_code: row.fiscalCode,
  vat_number: row.vatNumber,
  rasd_number: row.rasdNumber,
  email: row.email,
  receipt_signatory: row.receiptSignatory,
  stamp_duty_on_receipts: row.stampDutyOnReceipts,
  updated_at: row.updatedAt.toISOString(),
});

export const showAssociation = async (db: Db) => toAssociationDto(await readAssociation(db));

/** Saved with its audit entry: the one row, named without an id like the settings, as it was and as it is. */
export async function saveAssociation(db: Db, body: BodyOf<typeof api.association.save>): Promise<TAssociation> {
  const row = await db.$transaction(async (tx) => {
    const before = await rowOf(tx, 'association', 1);
    const saved = await tx.association.update({
      where: { id: 1 },
      data: {
        name: body.name,
        address: body.address,
        fiscalCode: body.fiscal_code,
        vatNumber: body.vat_number,
        rasdNumber: body.rasd_number,
        email: body.email,
        receiptSignatory: body.receipt_signatory,
        stampDutyOnReceipts: body.stamp_duty_on_receipts,
      },
    });
    await audit(tx, { entity: 'association', id: null, action: 'update', before, after: await rowOf(tx, 'association', 1), subjectUserId: null });
    return saved;
  }, TRANSACTION_OPTIONS);
  return toAssociationDto(row);
}
