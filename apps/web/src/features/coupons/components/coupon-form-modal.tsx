// The coupon form: new coupons start from the defaults (10% off a membership, active); code, type,
// value and applicability are required.
import { COUPON_APPLICABILITIES, COUPON_APPLICABILITY_LABELS, COUPON_DEFAULTS, DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES, ZCouponBody, type TCouponBody, type TMembershipCoupon } from '@beach/contracts';
import { Input, Select } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { useSaveCoupon } from '../api/coupons';
import { COUPON_MESSAGES } from '../messages';

const FORM_ID = 'coupon-form';

const NEW_COUPON: TCouponBody = {
  code: '',
  description: '',
  discount_type: COUPON_DEFAULTS.discount_type,
  discount_value: String(COUPON_DEFAULTS.discount_value),
  applicable_to: COUPON_DEFAULTS.applicable_to,
  usage_limit: '',
  is_active: COUPON_DEFAULTS.is_active,
  start_date: '',
  end_date: '',
};

const formOf = (coupon: TMembershipCoupon): TCouponBody => ({
  code: coupon.code,
  description: coupon.description ?? '',
  discount_type: coupon.discount_type,
  discount_value: coupon.discount_value,
  // The database holds only the known values; the answer's type is wider (the list shows any other as 'Non specificato').
  applicable_to: COUPON_APPLICABILITIES.find((known) => known === coupon.applicable_to) ?? COUPON_DEFAULTS.applicable_to,
  usage_limit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
  is_active: coupon.is_active,
  start_date: coupon.start_date ?? '',
  end_date: coupon.end_date ?? '',
});

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) => values.map((value) => ({ value, label: labels[value] }));
const STATE_OPTIONS = [{ value: 'true', label: 'Attivo' }, { value: 'false', label: 'Inattivo' }];

export function CouponFormModal({ open, coupon, onClose, onSaved }: { open: boolean; coupon: TMembershipCoupon | null; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveCoupon();
  const send = async (body: TCouponBody) => {
    await save.mutateAsync({ id: coupon?.id ?? null, body });
    onSaved(coupon ? COUPON_MESSAGES.updated : COUPON_MESSAGES.created);
  };

  return (
    <FormModal open={open} size="lg" title={coupon ? `Modifica coupon ${coupon.code}` : 'Nuovo Coupon'} onClose={onClose} formId={FORM_ID} saving={save.isPending} submitLabel={coupon ? 'Salva Modifiche' : 'Crea Coupon'}>
      <CouponForm key={coupon?.id ?? 'new'} initial={coupon ? formOf(coupon) : NEW_COUPON} send={send} />
    </FormModal>
  );
}

/** Mounted each time the modal opens, so it starts from the coupon's data. */
function CouponForm({ initial, send }: { initial: TCouponBody; send: (body: TCouponBody) => Promise<void> }) {
  const { field, submit, failure, watch } = useZodForm({
    schema: ZCouponBody,
    defaultValues: initial,
    messages: { required: COUPON_MESSAGES.requiredFields, failed: COUPON_MESSAGES.saveFailed, prefix: 'Errore: ' },
  });
  return (
    <form id={FORM_ID} onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
      <Input label="Codice" required autoComplete="off" className="uppercase" {...field('code')} />
      <Input label="Descrizione" {...field('description')} />
      <Select label="Tipo di sconto" required options={options(DISCOUNT_TYPES, DISCOUNT_TYPE_LABELS)} {...field('discount_type')} />
      <Input label={watch('discount_type') === 'percentage' ? 'Valore dello sconto (%)' : 'Valore dello sconto (€)'} required type="number" step="0.01" min="0" inputMode="decimal" {...field('discount_value')} />
      <Select label="Applicabile a" required options={options(COUPON_APPLICABILITIES, COUPON_APPLICABILITY_LABELS)} {...field('applicable_to')} />
      <Input label="Limite di utilizzi" type="number" min="0" step="1" inputMode="numeric" hint="Vuoto: illimitato" {...field('usage_limit')} />
      {/* The select holds 'true' or 'false'; the contract's flag is a boolean. */}
      <Select label="Stato" options={STATE_OPTIONS} {...field('is_active', { setValueAs: (value: string | boolean) => value === true || value === 'true' })} />
      <div className="hidden sm:block" />
      <Input label="Data di inizio" type="date" {...field('start_date')} />
      <Input label="Data di fine" type="date" {...field('end_date')} />
      <FormAlert failure={failure} className="sm:col-span-2" />
    </form>
  );
}
