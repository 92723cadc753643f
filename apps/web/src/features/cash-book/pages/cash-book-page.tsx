// /admin/prima-nota (docs/annual-accounts.md#the-cash-book): the cash book from the ledger — for each day of
// the period, each till and bank account's opening balance, money in, money out and closing balance, then
// the day's movements. Printable: the print leaves out the controls.
import { addDays, moneyToCents, type TCashBookDay } from '@beach/contracts';
import { useState } from 'react';
import { PageHeader } from '../../../components/admin/page-header';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Loaded } from '../../../components/ui/loaded';
import { SignedAmount } from '../../../components/ui/signed-amount';
import { formatDate, formatLongDate, formatMoney, formatTime, todayInRome } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCashBook } from '../api/cash-book';

function BookDay({ day }: { day: TCashBookDay }) {
  return (
    <section aria-labelledby={`day-${day.day}`} className="space-y-3 break-inside-avoid rounded-xl border border-slate-200 bg-white p-4 print:border-0 print:p-0">
      <h2 id={`day-${day.day}`} className="text-lg font-semibold capitalize text-slate-800">{formatLongDate(day.day)}</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Saldi del {formatDate(day.day)}</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="pb-1 pr-4 font-medium">Cassa o conto</th>
              <th scope="col" className="pb-1 pr-4 text-right font-medium">Saldo iniziale</th>
              <th scope="col" className="pb-1 pr-4 text-right font-medium">Entrate</th>
              <th scope="col" className="pb-1 pr-4 text-right font-medium">Uscite</th>
              <th scope="col" className="pb-1 text-right font-medium">Saldo finale</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {day.accounts.map((account) => (
              <tr key={account.account} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-4 text-left font-medium">{account.label}</th>
                <td className="py-1 pr-4 text-right">{formatMoney(account.opening)}</td>
                <td className="py-1 pr-4 text-right">{formatMoney(account.money_in)}</td>
                <td className="py-1 pr-4 text-right">{formatMoney(account.money_out)}</td>
                <td className="py-1 text-right font-semibold">{formatMoney(account.closing)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Movimenti del {formatDate(day.day)}</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="pb-1 pr-4 font-medium">Ora</th>
              <th scope="col" className="pb-1 pr-4 font-medium">N.</th>
              <th scope="col" className="pb-1 pr-4 font-medium">Cassa o conto</th>
              <th scope="col" className="pb-1 pr-4 font-medium">Descrizione</th>
              <th scope="col" className="pb-1 text-right font-medium">Importo</th>
            </tr>
          </thead>
          <tbody>
            {day.movements.map((movement, index) => (
              <tr key={`${movement.entry_id}-${index}`} className="border-t border-slate-100">
                <td className="py-1 pr-4 tabular-nums">{formatTime(movement.at)}</td>
                <td className="py-1 pr-4 tabular-nums text-slate-600">{movement.entry_id}</td>
                <td className="py-1 pr-4">{movement.account}</td>
                <td className="py-1 pr-4 break-words">{movement.description}</td>
                <td className="py-1 text-right"><SignedAmount cents={moneyToCents(movement.amount)} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function CashBookPage() {
  usePageTitle('Prima nota');
  const today = todayInRome();
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const book = useCashBook(from, to);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <PageHeader title="Prima nota" subtitle={<p className="text-slate-600">Casse e conti in banca del registro, giorno per giorno: saldi, entrate, uscite e movimenti</p>} />
      <p className="hidden print:block">Dal {formatDate(from)} al {formatDate(to)}</p>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <Input label="Dal" type="date" value={from} max={to} onChange={(event) => event.target.value && setFrom(event.target.value)} />
        <Input label="Al" type="date" value={to} min={from} onChange={(event) => event.target.value && setTo(event.target.value)} />
        <Button variant="secondary" onClick={() => window.print()}>
          Stampa
        </Button>
      </div>
      <Loaded read={book} failed="Impossibile caricare la prima nota.">
        {({ days }) =>
          days.length === 0 ? (
            <p className="text-slate-600">Nessun movimento nel periodo.</p>
          ) : (
            <div className="space-y-6">
              {days.map((day) => (
                <BookDay key={day.day} day={day} />
              ))}
            </div>
          )
        }
      </Loaded>
    </div>
  );
}
