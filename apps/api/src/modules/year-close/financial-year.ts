// The association's financial year (docs/annual-accounts.md#closing-the-year). Until its first month is a
// setting, a financial year is the calendar year: this is the one place that says so.
import { addDays } from '../../lib/time.js';

const FIRST_MONTH: number = 1;

export interface FinancialYear {
  /** The calendar year it starts in: its name. */
  year: number;
  label: string;
  startsOn: string;
  endsOn: string;
}

const pad = (month: number) => String(month).padStart(2, '0');

export function financialYear(year: number): FinancialYear {
  const startsOn = `${year}-${pad(FIRST_MONTH)}-01`;
  const endsOn = addDays(`${year + 1}-${pad(FIRST_MONTH)}-01`, -1);
  return { year, label: FIRST_MONTH === 1 ? String(year) : `${year}/${year + 1}`, startsOn, endsOn };
}

/** The financial year a day (YYYY-MM-DD, Rome) belongs to. */
export function financialYearOf(day: string): FinancialYear {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return financialYear(month >= FIRST_MONTH ? year : year - 1);
}
