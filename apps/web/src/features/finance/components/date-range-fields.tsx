// 'Dal' and 'Al' above a finance list: Rome calendar days, both included.
import { Input } from '../../../components/ui/field';

export interface DateRange {
  date_from: string;
  date_to: string;
}
export const NO_DATES: DateRange = { date_from: '', date_to: '' };

export function DateRangeFields({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <Input label="Dal" type="date" value={range.date_from} max={range.date_to || undefined} onChange={(event) => onChange({ ...range, date_from: event.target.value })} />
      <Input label="Al" type="date" value={range.date_to} min={range.date_from || undefined} onChange={(event) => onChange({ ...range, date_to: event.target.value })} />
    </div>
  );
}
