// The desk's view of a member's carnets (the member's page in /admin/users) and the sale of a carnet
// paid at the desk (cash, POS, bank transfer).
import { DESK_TOP_UP_METHOD_LABELS, DESK_TOP_UP_METHODS, ZCarnetSaleBody } from '@beach/contracts';
import { useState } from 'react';
import { DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { useCarnetProducts, useMemberCarnets, useSellCarnet } from '../api/carnets';
import { formatMoney } from '../../../lib/format';
import { CarnetList } from './carnet-list';

export function MemberCarnets({ userId }: { userId: number }) {
  const carnets = useMemberCarnets(userId);
  const [notice, setNotice] = useState('');
  return (
    <DetailSection title="Carnet">
      <div className="mt-2 space-y-3">
        {carnets.isPending && <Spinner label="Caricamento dei carnet..." />}
        {carnets.isError && <Alert tone="error">Non è stato possibile leggere i carnet.</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        <SaleForm userId={userId} onSold={setNotice} />
        {carnets.data && <CarnetList carnets={carnets.data} />}
      </div>
    </DetailSection>
  );
}

function SaleForm({ userId, onSold }: { userId: number; onSold: (message: string) => void }) {
  const products = useCarnetProducts();
  const sell = useSellCarnet(userId);
  const onSale = (products.data ?? []).filter((product) => product.is_active);
  const { field, submit, failure, formState, reset } = useZodForm({ schema: ZCarnetSaleBody, defaultValues: { product_id: '', method: 'cash' } });
  const onSubmit = submit(async (body) => {
    onSold('');
    onSold((await sell.mutateAsync(body)).message);
    // A second click must not sell the same carnet again: the form starts over.
    reset();
  });
  if (onSale.length === 0) return null;
  const options = [{ value: '', label: 'Scegli il carnet' }, ...onSale.map((product) => ({ value: String(product.id), label: `${product.name} (${product.uses} ingressi, ${formatMoney(product.price)})` }))];
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Vendita carnet" className="flex flex-wrap items-end gap-3">
      <FormAlert failure={failure} className="w-full" />
      <div className="min-w-56 flex-1"><Select label="Carnet" options={options} {...field('product_id')} /></div>
      <div className="w-40"><Select label="Pagato con" options={DESK_TOP_UP_METHODS.map((method) => ({ value: method, label: DESK_TOP_UP_METHOD_LABELS[method] }))} {...field('method')} /></div>
      <Button type="submit" size="sm" loading={formState.isSubmitting} loadingText="Registrazione...">Vendi</Button>
    </form>
  );
}
