// The BVU members' CSV import (docs/domain.md#bvu-members): the file read and checked row by row
// (bvu-csv.ts), the good rows upserted in one statement, the refused lines reported in file order.
import { BVU_IMPORT_MAX_ERRORS, type TBvuImportResult } from '@beach/contracts';
import { audit } from '../../lib/audit.js';
import type { Db } from '../../lib/db.js';
import { readBvuCsv, type BvuRow } from './bvu-csv.js';
import { BVU_MESSAGES, currentSeason } from './bvu-member-terms.js';

/** A 10 MB file (about 80,000 rows) has the client's 120 s; the transaction may take most of it. */
const IMPORT_TRANSACTION = { timeout: 110_000, maxWait: 10_000 };

interface Written {
  created: number;
  updated: number;
  cardsHeld: { line: number; season: string }[];
}

/**
 * Writes the good rows in one statement, an array a column (PostgreSQL reads 84,000 rows from them in
 * about 0.2 s, from one JSON array of objects in 0.7 s): rows whose card code another member holds are
 * reported and left out, the rest are upserted by fiscal code and season. A row equal to the member's
 * stored one counts as updated but is left alone (not even locked), so importing the same file again
 * writes nothing. The import is one audit entry with its counts (80,000 rows are not copied into it);
 * a file whose rows were all refused is recorded too.
 */
async function writeImport(db: Db, rows: BvuRow[], refusedByCsv: number): Promise<Written> {
  const column = <K extends keyof BvuRow>(name: K) => rows.map((row) => row[name] ?? null);
  return db.$transaction(async (tx) => {
    let written: Written = { created: 0, updated: 0, cardsHeld: [] };
    if (rows.length > 0) {
      // Enough memory to sort and hash the file's rows without spilling them to disk.
      await tx.$executeRaw`SET LOCAL work_mem = '64MB'`;
      const [result] = await tx.$queryRaw<{ created: number; written: number; held: { line: number; season: string }[] }[]>`
      WITH input AS (
        SELECT * FROM unnest(
          ${column('line')}::int[], ${column('card_code')}::text[], ${column('season')}::text[], ${column('last_name')}::text[],
          ${column('first_name')}::text[], ${column('fiscal_code')}::text[], ${column('gender')}::gender[], ${column('birth_date')}::date[],
          ${column('email')}::text[], ${column('issue_date')}::date[], ${column('expiry_date')}::date[]
        ) AS i (line, card_code, season, last_name, first_name, fiscal_code, gender, birth_date, email, issue_date, expiry_date)
      ),
      held AS (
        SELECT i.line, i.season FROM input i JOIN bvu_members b ON b.card_code = i.card_code AND b.season = i.season AND b.fiscal_code <> i.fiscal_code
      ),
      written AS (
        INSERT INTO bvu_members (card_code, season, last_name, first_name, fiscal_code, gender, birth_date, email, issue_date, expiry_date)
        SELECT card_code, season, last_name, first_name, fiscal_code, gender, birth_date, email, issue_date, expiry_date
        FROM input i
        WHERE i.line NOT IN (SELECT line FROM held)
          AND NOT EXISTS (
            SELECT FROM bvu_members m WHERE m.fiscal_code = i.fiscal_code AND m.season = i.season
              AND (m.card_code, m.last_name, m.first_name, m.gender, m.birth_date, m.email, m.issue_date, m.expiry_date)
                IS NOT DISTINCT FROM (i.card_code, i.last_name, i.first_name, i.gender, i.birth_date, i.email, i.issue_date, i.expiry_date))
        ORDER BY line
        ON CONFLICT (fiscal_code, season) DO UPDATE SET
          card_code = EXCLUDED.card_code, last_name = EXCLUDED.last_name, first_name = EXCLUDED.first_name, gender = EXCLUDED.gender,
          birth_date = EXCLUDED.birth_date, email = EXCLUDED.email, issue_date = EXCLUDED.issue_date, expiry_date = EXCLUDED.expiry_date,
          updated_at = now()
        RETURNING xmax = 0 AS created
      )
      SELECT
        (SELECT count(*) FROM written WHERE created)::int AS created,
        (SELECT count(*) FROM input)::int - (SELECT count(*) FROM held)::int AS written,
        (SELECT coalesce(json_agg(held), '[]') FROM held) AS held`;
      written = { created: result!.created, updated: result!.written - result!.created, cardsHeld: result!.held };
    }
    const { created, updated, cardsHeld } = written;
    await audit(tx, { entity: 'bvu_members', id: null, action: 'import', after: { created, updated, skipped: refusedByCsv + cardsHeld.length } });
    return written;
  }, IMPORT_TRANSACTION);
}

export async function importBvuCsv(db: Db, file: Buffer): Promise<TBvuImportResult> {
  const { rows, errors } = readBvuCsv(file, currentSeason());
  const { created, updated, cardsHeld } = await writeImport(db, rows, errors.length);
  const problems = [...errors, ...cardsHeld.map((row) => BVU_MESSAGES.cardHeldInDatabase(row.line, row.season))];
  // Reported in file order, whichever check found them.
  const lineOf = (problem: string) => Number(/^Riga (\d+)/.exec(problem)?.[1] ?? 0);
  problems.sort((a, b) => lineOf(a) - lineOf(b));
  return {
    message: BVU_MESSAGES.imported(created, updated, problems.length),
    created,
    updated,
    errors: problems.slice(0, BVU_IMPORT_MAX_ERRORS),
    errors_not_listed: Math.max(0, problems.length - BVU_IMPORT_MAX_ERRORS),
  };
}
