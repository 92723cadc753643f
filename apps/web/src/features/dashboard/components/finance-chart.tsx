// The 6-month chart of the dashboard: an income line and an expense line. Recharts lives in this module
// only, loaded when an admin opens the dashboard.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '../../../lib/format';
import type { MonthPoint } from '../api/dashboard';

const monthName = new Intl.DateTimeFormat('it-IT', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const euros = (value: number) => formatCents(Math.round(value * 100));

export default function FinanceChart({ months }: { months: MonthPoint[] }) {
  const data = months.map((point) => ({ ...point, label: monthName.format(new Date(Date.UTC(point.year, point.month - 1, 1))) }));
  return (
    <div className="h-72 w-full" role="img" aria-label={`Incassi e spese degli ultimi ${months.length} mesi: ${data.map((point) => `${point.label} incassi ${euros(point.income)}, spese ${euros(point.expenses)}`).join('; ')}`}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={euros} tick={{ fontSize: 12 }} width="auto" />
          <Tooltip formatter={(value) => euros(Number(value))} />
          <Legend />
          <Line type="linear" dataKey="income" name="Incassi" stroke="#0f766e" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
          <Line type="linear" dataKey="expenses" name="Spese" stroke="#e11d48" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
