// New or edited booking coupon (docs/domain.md#coupons): code, description, discount, band, limits, validity.
import { BOOKING_COUPON_BAND_LABELS, BOOKING_COUPON_BANDS, ZBookingCouponBody, type TBookingCoupon, type TBookingCouponBody } from '@beach/contracts';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { moneyAsTyped } from '../../../lib/format';
import { useSaveBookingCoupon } from '../api/admin-booking-coupons';

const EMPTY: TBookingCouponBody = { code: '', description: '', discount_type: 'percentage', discount_value: '', band: 'any', usage_limit: '', per_member_limit: '', start_date: '', end_date: '', is_active: true };
const formOf = (coupon: TBookingCoupon): TBookingCouponBody => ({
  ...coupon,
  description: coupon.description ?? '',
  discount_value: moneyAsTyped(coupon.discount_value),
  usage_limit: coupon.usage_limit?.toString() ?? '',
  per_member_limit: coupon.per_member_limit?.toString() ?? '',
  start_date: coupon.start_date ?? '',
  end_date: coupon.end_date ?? '',
});
const TYPE_OPTIONS = [{ value: 'percentage' as const, label: 'Percentuale (%)' }, { value: 'fixed' as const, label: 'Importo fisso (€)' }];
const BAND_OPTIONS = BOOKING_COUPON_BANDS.map((band) => ({ value: band, label: BOOKING_COUPON_BAND_LABELS[band] }));

/** Mounted while open; `coupon` null: a new one. */
export function BookingCouponFormModal({ coupon, onClose, onSaved }: { coupon: TBookingCoupon | null; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveBookingCoupon();
  const { field, register, submit, failure, watch } = useZodForm({
    schema: ZBookingCouponBody,
    defaultValues: coupon ? formOf(coupon) : EMPTY,
    messages: { failed: 'Si è verificato un errore nel salvataggio del coupon. Riprova più tardi.' },
  });
  const send = async (body: TBookingCouponBody) => {
    const saved = await save.mutateAsync({ id: coupon?.id ?? null, body });
    onClose();
    onSaved(`Coupon ${saved.code} salvato.`);
  };
  return (
    <FormModal title={coupon ? `Modifica coupon ${coupon.code}` : 'Nuovo coupon prenotazioni'} onClose={onClose} formId="booking-coupon-form" saving={save.isPending}>
      <form id="booking-coupon-form" onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label="Codice" required maxLength={50} autoCapitalize="characters" className="uppercase" {...field('code')} />
        <Select label="Fascia" options={BAND_OPTIONS} {...field('band')} />
        <div className="sm:col-span-2">
          <Input label="Descrizione" maxLength={255} {...field('description')} />
        </div>
        <Select label="Tipo di sconto" options={TYPE_OPTIONS} {...field('discount_type')} />
        <Input label={watch('discount_type') === 'percentage' ? 'Sconto (%)' : 'Sconto (€)'} required inputMode="decimal" {...field('discount_value')} />
        <Input label="Utilizzi massimi" type="number" min={1} hint="Vuoto: nessun limite" {...field('usage_limit')} />
        <Input label="Utilizzi per tesserato" type="number" min={1} hint="Vuoto: nessun limite" {...field('per_member_limit')} />
        <Input label="Valido dal" type="date" {...field('start_date')} />
        <Input label="Valido fino al" type="date" {...field('end_date')} />
        <div className="sm:col-span-2">
          <Checkbox label="Attivo" {...register('is_active')} />
        </div>
        <FormAlert failure={failure} className="sm:col-span-2" />
      </form>
    </FormModal>
  );
}
