// The desk's view of a member's carnets (the member's page in /admin/users) and the sale of a carnet
// paid at the desk (cash, POS, bank transfer).
import { DESK_TOP_UP_METHODS, ZCarnetSaleBody } from '@beach/contracts';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { useCarnetProducts, useMemberCarnets, useSellCarnet } from '../api/carnets';
import { formatMoney } from '../../../lib/format';
import { DESK_TOP_UP_METHOD_LABELS } from '../../credit';
import { CarnetList } from './carnet-list';

export function MemberCarnets({ userId }: { userId: number }) {
  const { t } = useLingui();
  const carnets = useMemberCarnets(userId);
  const [notice, setNotice] = useState('');
  return (
    <DetailSection title={t`Carnet`}>
      <div className="mt-2 space-y-3">
        {carnets.isPending && <Spinner label={t`Caricamento dei carnet...`} />}
        {carnets.isError && <Alert tone="error">
            <Trans>Non è stato possibile leggere i carnet.</Trans>
          </Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        <SaleForm userId={userId} onSold={setNotice} />
        {carnets.data && <CarnetList carnets={carnets.data} />}
      </div>
    </DetailSection>
  );
}

function SaleForm({ userId, onSold }: { userId: number; onSold: (message: string) => void }) {
  const { i18n, t } = useLingui();
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
  const optionOf = ({ id, name, uses, price }: (typeof onSale)[number]) => {
    const amount = formatMoney(price);
    // Italian says "ingressi" for one too, as it always has; German and English tell one from many.
    return { value: String(id), label: i18n._(msg({ message: plural(uses, { one: `${name} (# ingressi, ${amount})`, other: `${name} (# ingressi, ${amount})` }) })) };
  };
  const options = [{ value: '', label: t`Scegli il carnet` }, ...onSale.map(optionOf)];
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Vendita carnet`} className="flex flex-wrap items-end gap-3">
      <FormAlert failure={failure} className="w-full" />
      <div className="min-w-56 flex-1"><Select label={t({ message: 'Carnet', context: 'the one sold' })} options={options} {...field('product_id')} /></div>
      <div className="w-40"><Select label={t`Pagato con`} options={DESK_TOP_UP_METHODS.map((method) => ({ value: method, label: i18n._(DESK_TOP_UP_METHOD_LABELS[method]) }))} {...field('method')} /></div>
      <Button type="submit" size="sm" loading={formState.isSubmitting} loadingText={t`Registrazione...`}>
        <Trans>Vendi</Trans>
      </Button>
    </form>
  );
}
