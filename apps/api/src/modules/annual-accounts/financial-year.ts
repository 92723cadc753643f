// The association's financial year (docs/annual-accounts.md#the-financial-year): twelve months from the first
// day of the month the admin set (January unless said otherwise), in Rome time, named by the calendar year it
// starts in — "2026", or "2026/27" when it does not start in January.
import { addDays } from '@beach/contracts';
import type { Db } from '../../lib/db.js';
import { instantInRome, todayInRome } from '../../lib/time.js';
import { readSettings } from '../settings/index.js';

export interface FinancialYear {
  year: number;
  label: string;
  /** Rome calendar days, both included. */
  from: string;
  to: string;
  /** The instants it starts at and the next one starts at. */
  start: Date;
  end: Date;
}

const firstDay = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

export function financialYear(year: number, startMonth: number): FinancialYear {
  const from = firstDay(year, startMonth);
  const next = firstDay(year + 1, startMonth);
  const label = startMonth === 1 ? String(year) : `${year}/${String(year + 1).slice(2)}`;
  return { year, label, from, to: addDays(next, -1), start: instantInRome(from, '00:00'), end: instantInRome(next, '00:00') };
}

/** The financial year a Rome calendar day (YYYY-MM-DD) falls in. */
export function financialYearOf(day: string, startMonth: number): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= startMonth ? year : year - 1;
}

/** The month the association's financial year starts in, as the admin set it. */
export const financialYearStartMonth = async (db: Db): Promise<number> => (await readSettings(db)).financialYearStartMonth;

/** The financial year a day falls in (today unless said), with the association's setting. */
export async function financialYearAt(db: Db, day: string = todayInRome()): Promise<FinancialYear> {
  const startMonth = await financialYearStartMonth(db);
  return financialYear(financialYearOf(day, startMonth), startMonth);
}
