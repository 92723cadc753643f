// Importing a statement (docs/annual-accounts.md#the-bank): the file read whole first (a bad one writes
// nothing), then the statement and its new lines in one transaction — the same file again is the statement
// already there, an overlapping one adds only the lines the account does not have (their keys) — and the
// first statement of the account posts its opening balance. The new lines are matched after the commit.
// The lines go in with one INSERT of column arrays, and the transaction's time allowed grows with the file:
// a month of 4,200 lines outlasted a fixed 15 s on a loaded machine and answered 500 (nothing written).
import { createHash } from 'node:crypto';
import { ZBankCsvMapping, type TBankImportResult } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { audit } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid } from '../../lib/errors.js';
import { postOpening } from './bank-ledger.js';
import type { BankMatching, FreshLine } from './matching.js';
import { parseCamt053, parseCsvStatement, type ParsedStatement, type StatementLine } from './statement-files.js';

export const IMPORT_ERRORS = {
  noAccount: 'Imposta prima l’IBAN e l’intestatario del conto dell’associazione.',
  otherAccount: (found: string, ours: string) => `L’estratto è del conto ${found}, non di quello dell’associazione (${ours}).`,
  empty: 'Il file non contiene movimenti contabilizzati.',
  busy: 'Un altro estratto di questo conto è in importazione: attendi che finisca e riprova (nulla è stato importato).',
};

/** The import's transaction: the usual time, and a second more for every 50 lines (the writing grows with the file, and a loaded machine slows it several times over). */
export const importTransactionOptions = (lines: number) => ({ ...TRANSACTION_OPTIONS, timeout: TRANSACTION_OPTIONS.timeout + Math.ceil(lines / 50) * 1000 });

/** The statement's lines the account does not have yet (by key), written in the file's order and given back for the matching. */
async function insertNewLines(tx: Prisma.TransactionClient, statementId: number, iban: string, lines: StatementLine[]): Promise<FreshLine[]> {
  const column = <K extends keyof StatementLine>(name: K) => lines.map((line) => line[name]);
  const added = await tx.$queryRaw<FreshLine[]>`
    INSERT INTO bank_lines (statement_id, iban, line_key, booked_on, amount_cents, counterparty, remittance, creditor_reference)
    SELECT ${statementId}, ${iban}, line.key, line.booked_on, line.cents, line.counterparty, line.remittance, line.reference
    FROM unnest(${column('key')}::text[], ${column('bookedOn')}::date[], ${column('cents')}::int[], ${column('counterparty')}::text[], ${column('remittance')}::text[], ${column('reference')}::text[])
      WITH ORDINALITY AS line (key, booked_on, cents, counterparty, remittance, reference, position)
    ORDER BY line.position
    ON CONFLICT (iban, line_key) DO NOTHING
    RETURNING id, iban, booked_on AS "bookedOn", amount_cents AS "amountCents", counterparty, creditor_reference AS "creditorReference"`;
  return added.sort((a, b) => a.id - b.id);
}

const looksLikeXml = (file: Buffer) => /^\s*</.test(file.subarray(0, 200).toString('utf8').replace(/^\uFEFF/, ''));
const dateOrNull = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

export function createStatementImport({ db }: Pick<AppDeps, 'db'>, matching: BankMatching) {
  async function parse(file: Buffer, iban: string): Promise<ParsedStatement & { format: 'camt053' | 'csv' }> {
    if (looksLikeXml(file)) {
      const statement = parseCamt053(file);
      if (statement.iban && statement.iban !== iban) throw invalid({ file: [IMPORT_ERRORS.otherAccount(statement.iban, iban)] });
      return { ...statement, format: 'camt053' };
    }
    const saved = await db.bankCsvMapping.findUnique({ where: { iban } });
    const mapping = saved ? ZBankCsvMapping.parse(saved.mapping) : null;
    return { ...parseCsvStatement(file, mapping), format: 'csv' };
  }

  return async function importStatement(staff: User, file: Buffer): Promise<TBankImportResult> {
    const settings = await db.setting.findUnique({ where: { id: 1 } });
    const iban = settings?.bankIban;
    if (!iban || !settings.bankHolder) throw invalid({ file: [IMPORT_ERRORS.noAccount] });
    const parsed = await parse(file, iban);
    if (parsed.lines.length === 0) throw invalid({ file: [IMPORT_ERRORS.empty] });
    const fileSha256 = createHash('sha256').update(file).digest('hex');

    const { statementId, fresh } = await db.$transaction(async (tx) => {
      // One import of an account at a time (the same file twice, two overlapping ones): the second is refused at
      // once rather than left waiting inside its transaction, whose time would run out while the first writes (a 500).
      const [{ free }] = await tx.$queryRaw<[{ free: boolean }]>`SELECT pg_try_advisory_xact_lock(hashtext(${`bank:${iban}`})) AS free`;
      if (!free) throw new AppError(409, IMPORT_ERRORS.busy, { file: [IMPORT_ERRORS.busy] }, { 'Retry-After': '5' });
      const known = await tx.bankStatement.findUnique({ where: { iban_fileSha256: { iban, fileSha256 } } });
      // Imported again: nothing changes, the log says it was tried.
      if (known) {
        await audit(tx, { entity: 'bank_statements', id: known.id, action: 'import', after: { lines_added: 0 } });
        return { statementId: known.id, fresh: [] };
      }
      const first = (await tx.bankStatement.count({ where: { iban } })) === 0;
      const statement = await tx.bankStatement.create({
        data: {
          iban, format: parsed.format, bankStatementId: parsed.bankStatementId, fileSha256, fromDate: dateOrNull(parsed.fromDate), toDate: dateOrNull(parsed.toDate),
          openingCents: parsed.openingCents, closingCents: parsed.closingCents, importedById: staff.id,
        },
      });
      const added = await insertNewLines(tx, statement.id, iban, parsed.lines);
      const count = added.length;
      await tx.bankStatement.update({ where: { id: statement.id }, data: { linesAdded: count } });
      if (first && parsed.openingCents) await postOpening(tx, iban, parsed.openingCents, dateOrNull(parsed.fromDate) ?? new Date(), staff.id);
      await audit(tx, { entity: 'bank_statements', id: statement.id, action: 'import', after: { format: parsed.format, lines_added: count } });
      return { statementId: statement.id, fresh: added };
    }, importTransactionOptions(parsed.lines.length));

    const counts = await matching.matchLines(staff, fresh);
    return { statement_id: statementId, lines_added: fresh.length, lines_known: parsed.lines.length - fresh.length, ...counts };
  };
}
