// New or edited carnet product: name, uses, the bookings it covers (band and courts), what one use pays
// (the organiser's share, the default, or the whole court), price, validity.
import { BOOKING_COUPON_BANDS, CARNET_COVERS, ZCarnetProductBody, type TCarnetProduct, type TCarnetProductBody } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { moneyAsTyped } from '../../../lib/format';
import { useAdminCourts } from '../../../lib/shared-queries';
import { useCarnetProducts, useSaveCarnetProduct } from '../api/carnets';
import { BAND_LABELS, CARNET_COVER_LABELS } from '../labels';

const EMPTY: TCarnetProductBody = { name: '', uses: '10', band: 'any', covers: 'share', court_ids: [], price: '', valid_from: '', valid_until: '', is_active: true };
const formOf = (product: TCarnetProduct): TCarnetProductBody => ({ ...product, uses: String(product.uses), price: moneyAsTyped(product.price) });

/** Mounted while open; `product` null: a new one. */
export function CarnetProductFormModal({ product, onClose, onSaved }: { product: TCarnetProduct | null; onClose: () => void; onSaved: (message: string) => void }) {
  const { i18n, t } = useLingui();
  const save = useSaveCarnetProduct();
  const courts = useAdminCourts();
  const { field, register, submit, failure, watch, setValue, errorOf } = useZodForm({
    schema: ZCarnetProductBody,
    defaultValues: product ? formOf(product) : EMPTY,
    messages: { failed: t`Si è verificato un errore nel salvataggio del carnet. Riprova più tardi.` },
  });
  const chosen = watch('court_ids') ?? [];
  // Two products of one name read alike on the member's page and the receipts: said, not refused.
  const name = (watch('name') ?? '').trim().toLocaleLowerCase('it');
  const sameName = useCarnetProducts().data?.find((other) => other.id !== product?.id && name !== '' && other.name.trim().toLocaleLowerCase('it') === name);
  const toggleCourt = (id: number, on: boolean) => setValue('court_ids', on ? [...chosen, id] : chosen.filter((court) => court !== id), { shouldDirty: true });
  const send = async (body: TCarnetProductBody) => {
    const saved = await save.mutateAsync({ id: product?.id ?? null, body });
    onClose();
    const savedName = saved.name;
    onSaved(t`Carnet “${savedName}” salvato.`);
  };
  const bookable = (courts.data ?? []).filter((court) => court.purpose === 'bookable');
  const bandOptions = BOOKING_COUPON_BANDS.map((band) => ({ value: band, label: i18n._(BAND_LABELS[band]) }));
  const coverOptions = CARNET_COVERS.map((cover) => ({ value: cover, label: i18n._(CARNET_COVER_LABELS[cover]) }));
  const editedName = product?.name;
  return (
    <FormModal title={product ? t`Modifica carnet ${editedName}` : t`Nuovo carnet`} onClose={onClose} formId="carnet-product-form" saving={save.isPending}>
      <form id="carnet-product-form" onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Input label={t`Nome`} required maxLength={100} {...field('name')} />
          {sameName && (
            <p role="status" className="mt-1 text-sm text-amber-800">
              {sameName.is_active ? (
                <Trans>Esiste già un carnet con questo nome (in vendita): i soci non saprebbero distinguerli. Scegline uno diverso.</Trans>
              ) : (
                <Trans>Esiste già un carnet con questo nome (non in vendita): i soci non saprebbero distinguerli. Scegline uno diverso.</Trans>
              )}
            </p>
          )}
        </div>
        <Input label={t`Ingressi`} type="number" min={1} required {...field('uses')} />
        <Input label={t`Prezzo (€)`} required inputMode="decimal" placeholder="0,00" {...field('price')} />
        <div className="sm:col-span-2">
          <Select label={t`Prenotazioni coperte`} options={bandOptions} {...field('band')} />
        </div>
        <div className="sm:col-span-2">
          <Select
            label={t`Ogni ingresso paga`}
            hint={t`Con la quota di chi prenota, gli altri giocatori pagano la loro; con tutto il campo, un ingresso paga anche le loro quote.`}
            options={coverOptions}
            {...field('covers')}
          />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-700">
            <Trans>Campi (nessuno scelto: tutti i campi prenotabili)</Trans>
          </legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {bookable.map((court) => (
              <Checkbox key={court.id} label={court.name} checked={chosen.includes(court.id)} onChange={(event) => toggleCourt(court.id, event.target.checked)} />
            ))}
          </div>
          {errorOf('court_ids') && <p className="mt-1 text-sm text-red-700">{errorOf('court_ids')}</p>}
        </fieldset>
        <Input label={t`Valido dal`} type="date" required {...field('valid_from')} />
        <Input label={t`Valido fino al`} type="date" required {...field('valid_until')} />
        <div className="sm:col-span-2">
          <Checkbox label={t`In vendita`} {...register('is_active')} />
        </div>
        <FormAlert failure={failure} className="sm:col-span-2" />
      </form>
    </FormModal>
  );
}
