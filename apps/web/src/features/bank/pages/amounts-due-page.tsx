// The desk's print of what a member owes now (docs/annual-accounts.md#paying-by-transfer): each amount due
// with the association's IBAN, the amount, the RF reference and the EPC QR code, to hand over on paper.
// Back office, Italian only; "Stampa" prints the page without the controls.
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/admin/page-header';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Loaded } from '../../../components/ui/loaded';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAmountsDue } from '../api/amounts-due';
import { TransferDetails } from '../../bank-transfer';

export default function AmountsDuePage() {
  usePageTitle('Importi da pagare');
  const amounts = useAmountsDue(Number(useParams().id));
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <Loaded read={amounts} failed="Impossibile leggere gli importi da pagare.">
        {({ member, items }) => (
          <>
            <PageHeader title="Importi da pagare" subtitle={<p className="text-slate-600">{member}</p>} />
            <div className="flex flex-wrap gap-3 print:hidden">
              <Button variant="secondary" onClick={() => window.print()} disabled={items.length === 0}>
                Stampa
              </Button>
              <Link className={buttonClasses('ghost')} to={paths.admin.users}>
                Torna agli utenti
              </Link>
            </div>
            {items.length === 0 && <p className="text-slate-600">Nulla da pagare: il socio è in regola.</p>}
            {items.some((item) => item.transfer === null) && (
              <p className="text-slate-600 print:hidden">Per stampare i dati del bonifico imposta l’IBAN dell’associazione nella pagina Banca.</p>
            )}
            {items.map((item) => (
              <section key={item.transfer?.reference ?? item.what} aria-label={item.what} className="space-y-3 break-inside-avoid rounded-xl border border-slate-200 bg-white p-4 print:border-slate-400">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold">{item.what}</h2>
                  <p className="text-lg font-bold tabular-nums">{formatMoney(item.amount)}</p>
                </div>
                {item.transfer && <TransferDetails details={item.transfer} />}
              </section>
            ))}
          </>
        )}
      </Loaded>
    </div>
  );
}
