// One scheme of the year's statements as the ministerial model lays it out: each section with its lines and
// figures; a figure other than zero is a button that opens the entries behind it.
import { ACCOUNTS_SCHEMES, type TAccountsLine, type TAccountsScheme, type TMoney, UNCLASSIFIED_LINE } from '@beach/contracts';
import { formatMoney } from '../../../lib/format';

export function StatementTable({ scheme, figures, onOpen }: { scheme: TAccountsScheme; figures: Record<string, TMoney>; onOpen: (line: TAccountsLine) => void }) {
  const unclassified = figures[UNCLASSIFIED_LINE.code] !== '0.00';
  const sections = [...ACCOUNTS_SCHEMES[scheme].sections, ...(unclassified ? [{ title: 'Da classificare', lines: [UNCLASSIFIED_LINE] }] : [])];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {sections.map((section) => (
        <table key={section.title} className="w-full self-start overflow-hidden rounded-xl border border-slate-200 bg-white text-sm">
          <caption className="bg-slate-50 px-4 py-2 text-left font-semibold text-sea-900">{section.title}</caption>
          <tbody>
            {section.lines.map((line) => {
              const figure = figures[line.code] ?? '0.00';
              return (
                <tr key={line.code} className="border-t border-slate-100">
                  <th scope="row" className="px-4 py-1.5 text-left font-normal text-slate-700">
                    {line.label}
                  </th>
                  <td className="px-4 py-1.5 text-right whitespace-nowrap tabular-nums">
                    {figure === '0.00' ? (
                      <span className="text-slate-500">{formatMoney(figure)}</span>
                    ) : (
                      <button
                        type="button"
                        onClick={() => onOpen(line)}
                        aria-label={`${formatMoney(figure)}: scritture di ${line.label}`}
                        className="rounded font-semibold text-sea-800 underline decoration-dotted underline-offset-4 hover:text-sea-950 focus-visible:outline-2 focus-visible:outline-sea-600"
                      >
                        {formatMoney(figure)}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ))}
    </div>
  );
}
