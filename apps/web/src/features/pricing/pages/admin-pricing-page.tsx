// /admin/listino-prezzi (admin, docs/domain.md#price-list): the price list by year, the booking rules and
// the online top-up's limits.
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { useNotices } from '../../../components/admin/notices';
import { todayInRome } from '../../../lib/format';
import { BookingSettingsSection } from '../components/booking-settings-section';
import { CreditSettingsSection } from '../components/credit-settings-section';
import { PriceListSection } from '../components/price-list-section';

const currentYearInRome = () => Number(todayInRome().slice(0, 4));

export default function AdminPricingPage() {
  usePageTitle('Listino prezzi');
  const { notify, region } = useNotices();
  const { confirm, dialog } = useConfirm();
  const [year, setYear] = useState(currentYearInRome);
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Listino prezzi</h1>
        <p className="mt-1 text-slate-600">Prezzi dell’anno e regole delle prenotazioni</p>
      </header>
      <PriceListSection year={year} onYearChange={setYear} notify={notify} confirm={confirm} />
      <BookingSettingsSection notify={notify} />
      <CreditSettingsSection notify={notify} />
      {dialog}
      {region}
    </div>
  );
}
