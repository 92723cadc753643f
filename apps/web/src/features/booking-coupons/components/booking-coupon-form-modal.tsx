// New or edited booking coupon (design §7): code, description, discount, band, limits, validity.
import { BOOKING_COUPON_BAND_LABELS, BOOKING_COUPON_BANDS, type TBookingCoupon, type TBookingCouponBody } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { formFailure, type FormFailure } from '../../../components/admin/form-failure';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useSaveBookingCoupon } from '../api/admin-booking-coupons';

type Form = { code: string; description: string; discount_type: 'percentage' | 'fixed'; discount_value: string; band: TBookingCouponBody['band']; usage_limit: string; per_member_limit: string; start_date: string; end_date: string; is_active: boolean };
const EMPTY: Form = { code: '', description: '', discount_type: 'percentage', discount_value: '', band: 'any', usage_limit: '', per_member_limit: '', start_date: '', end_date: '', is_active: true };
const formOf = (coupon: TBookingCoupon): Form => ({
  ...coupon,
  description: coupon.description ?? '',
  discount_value: coupon.discount_value.replace('.', ','),
  usage_limit: coupon.usage_limit?.toString() ?? '',
  per_member_limit: coupon.per_member_limit?.toString() ?? '',
  start_date: coupon.start_date ?? '',
  end_date: coupon.end_date ?? '',
});
const TYPE_OPTIONS = [{ value: 'percentage', label: 'Percentuale (%)' }, { value: 'fixed', label: 'Importo fisso (€)' }];
const BAND_OPTIONS = BOOKING_COUPON_BANDS.map((band) => ({ value: band, label: BOOKING_COUPON_BAND_LABELS[band] }));

/** Mounted while open; `coupon` null: a new one. */
export function BookingCouponFormModal({ coupon, onClose, onSaved }: { coupon: TBookingCoupon | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<Form>(() => (coupon ? formOf(coupon) : EMPTY));
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const save = useSaveBookingCoupon();
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await save.mutateAsync({ id: coupon?.id ?? null, body: form });
      onClose();
      onSaved(`Coupon ${saved.code} salvato.`);
    } catch (error) {
      setFailure(formFailure(error, 'Si è verificato un errore nel salvataggio del coupon. Riprova più tardi.'));
    }
  }
  const errors = failure?.fields ?? {};
  return (
    <Modal
      open
      title={coupon ? `Modifica coupon ${coupon.code}` : 'Nuovo coupon prenotazioni'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Annulla</Button>
          <Button type="submit" form="booking-coupon-form" loading={save.isPending} loadingText="Salvataggio...">Salva</Button>
        </>
      }
    >
      <form id="booking-coupon-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label="Codice" required maxLength={50} autoCapitalize="characters" value={form.code} onChange={(e) => set({ code: e.target.value.toUpperCase() })} error={errors.code} />
        <Select label="Fascia" value={form.band} options={BAND_OPTIONS} onChange={(e) => set({ band: e.target.value as Form['band'] })} error={errors.band} />
        <div className="sm:col-span-2">
          <Input label="Descrizione" maxLength={255} value={form.description} onChange={(e) => set({ description: e.target.value })} error={errors.description} />
        </div>
        <Select label="Tipo di sconto" value={form.discount_type} options={TYPE_OPTIONS} onChange={(e) => set({ discount_type: e.target.value as Form['discount_type'] })} error={errors.discount_type} />
        <Input label={form.discount_type === 'percentage' ? 'Sconto (%)' : 'Sconto (€)'} required inputMode="decimal" value={form.discount_value} onChange={(e) => set({ discount_value: e.target.value })} error={errors.discount_value} />
        <Input label="Utilizzi massimi" type="number" min={1} hint="Vuoto: nessun limite" value={form.usage_limit} onChange={(e) => set({ usage_limit: e.target.value })} error={errors.usage_limit} />
        <Input label="Utilizzi per tesserato" type="number" min={1} hint="Vuoto: nessun limite" value={form.per_member_limit} onChange={(e) => set({ per_member_limit: e.target.value })} error={errors.per_member_limit} />
        <Input label="Valido dal" type="date" value={form.start_date} onChange={(e) => set({ start_date: e.target.value })} error={errors.start_date} />
        <Input label="Valido fino al" type="date" value={form.end_date} onChange={(e) => set({ end_date: e.target.value })} error={errors.end_date} />
        <div className="sm:col-span-2">
          <Checkbox label="Attivo" checked={form.is_active} onChange={(e) => set({ is_active: e.target.checked })} />
        </div>
        {failure && <div className="sm:col-span-2"><Alert tone="error">{failure.message}</Alert></div>}
      </form>
    </Modal>
  );
}
