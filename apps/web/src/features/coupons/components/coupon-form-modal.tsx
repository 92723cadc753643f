// Spec §2 coupon form: new coupons start from the spec §9 defaults; required fields are checked here
// first (spec §5), then the server's field messages appear under their fields.
import { COUPON_APPLICABILITIES, COUPON_APPLICABILITY_LABELS, COUPON_DEFAULTS, DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES, type TCouponBody, type TMembershipCoupon } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { serverMessage } from '../../../lib/api-errors';
import { ApiError } from '../../../lib/api-transport';
import { useSaveCoupon } from '../api/coupons';
import { COUPON_MESSAGES } from '../messages';

interface Form {
  code: string;
  description: string;
  discount_type: string;
  discount_value: string;
  applicable_to: string;
  usage_limit: string;
  is_active: string;
  start_date: string;
  end_date: string;
}

const NEW_COUPON: Form = {
  code: '',
  description: '',
  discount_type: COUPON_DEFAULTS.discount_type,
  discount_value: String(COUPON_DEFAULTS.discount_value),
  applicable_to: COUPON_DEFAULTS.applicable_to,
  usage_limit: '',
  is_active: String(COUPON_DEFAULTS.is_active),
  start_date: '',
  end_date: '',
};

const formOf = (coupon: TMembershipCoupon): Form => ({
  code: coupon.code,
  description: coupon.description ?? '',
  discount_type: coupon.discount_type,
  discount_value: coupon.discount_value,
  applicable_to: coupon.applicable_to,
  usage_limit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
  is_active: String(coupon.is_active),
  start_date: coupon.start_date ?? '',
  end_date: coupon.end_date ?? '',
});

const REQUIRED: (keyof Form)[] = ['code', 'discount_type', 'discount_value', 'applicable_to'];
const options = <K extends string>(values: readonly K[], labels: Record<K, string>) => values.map((value) => ({ value, label: labels[value] }));

export function CouponFormModal({ open, coupon, onClose, onSaved }: { open: boolean; coupon: TMembershipCoupon | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<Form>(NEW_COUPON);
  const [shownFor, setShownFor] = useState<{ open: boolean; coupon: TMembershipCoupon | null }>({ open: false, coupon: null });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const save = useSaveCoupon();
  const formId = 'coupon-form';

  if (shownFor.open !== open || shownFor.coupon !== coupon) {
    setShownFor({ open, coupon });
    setForm(coupon ? formOf(coupon) : NEW_COUPON);
    setError(null);
    setFieldErrors({});
  }

  const field = (name: keyof Form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    error: fieldErrors[name],
    name,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldErrors({});
    if (REQUIRED.some((name) => form[name].trim() === '')) return setError(COUPON_MESSAGES.requiredFields);
    setError(null);
    try {
      const body: TCouponBody = {
        ...form,
        discount_type: form.discount_type as TCouponBody['discount_type'],
        applicable_to: form.applicable_to as TCouponBody['applicable_to'],
        is_active: form.is_active === 'true',
      };
      await save.mutateAsync({ id: coupon?.id ?? null, body });
      onSaved(coupon ? COUPON_MESSAGES.updated : COUPON_MESSAGES.created);
    } catch (failure) {
      const explained = serverMessage(failure);
      if (failure instanceof ApiError && failure.errors) setFieldErrors(failure.errors);
      setError(explained ? `Errore:\n${explained}` : COUPON_MESSAGES.saveFailed);
    }
  }

  return (
    <Modal
      open={open}
      size="lg"
      title={coupon ? `Modifica coupon ${coupon.code}` : 'Nuovo Coupon'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} loadingText="Salvataggio...">
            {coupon ? 'Salva Modifiche' : 'Crea Coupon'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label="Codice" required autoComplete="off" className="uppercase" {...field('code')} />
        <Input label="Descrizione" {...field('description')} />
        <Select label="Tipo di sconto" required options={options(DISCOUNT_TYPES, DISCOUNT_TYPE_LABELS)} {...field('discount_type')} />
        <Input label={form.discount_type === 'percentage' ? 'Valore dello sconto (%)' : 'Valore dello sconto (€)'} required type="number" step="0.01" min="0" inputMode="decimal" {...field('discount_value')} />
        <Select label="Applicabile a" required options={options(COUPON_APPLICABILITIES, COUPON_APPLICABILITY_LABELS)} {...field('applicable_to')} />
        <Input label="Limite di utilizzi" type="number" min="0" step="1" inputMode="numeric" hint="Vuoto: illimitato" {...field('usage_limit')} />
        <Select label="Stato" options={[{ value: 'true', label: 'Attivo' }, { value: 'false', label: 'Inattivo' }]} {...field('is_active')} />
        <div className="hidden sm:block" />
        <Input label="Data di inizio" type="date" {...field('start_date')} />
        <Input label="Data di fine" type="date" {...field('end_date')} />
        {error && (
          <div className="sm:col-span-2">
            <Alert tone="error">
              <span className="whitespace-pre-line">{error}</span>
            </Alert>
          </div>
        )}
      </form>
    </Modal>
  );
}
