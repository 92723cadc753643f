// Spec §2 coupon form: new coupons start from the spec §9 defaults (code, type, value and
// applicability are required, spec §5).
import { COUPON_APPLICABILITIES, COUPON_APPLICABILITY_LABELS, COUPON_DEFAULTS, DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES, type TCouponBody, type TMembershipCoupon } from '@beach/contracts';
import { useModalForm } from '../../../components/admin/use-modal-form';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useSaveCoupon } from '../api/coupons';
import { COUPON_MESSAGES } from '../messages';

type Form = {
  code: string;
  description: string;
  discount_type: string;
  discount_value: string;
  applicable_to: string;
  usage_limit: string;
  is_active: string;
  start_date: string;
  end_date: string;
};

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

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) => values.map((value) => ({ value, label: labels[value] }));

export function CouponFormModal({ open, coupon, onClose, onSaved }: { open: boolean; coupon: TMembershipCoupon | null; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveCoupon();
  const { form, field, submit, errorAlert } = useModalForm<Form>({
    open,
    subject: coupon,
    initial: () => (coupon ? formOf(coupon) : NEW_COUPON),
    required: ['code', 'discount_type', 'discount_value', 'applicable_to'],
    messages: { required: COUPON_MESSAGES.requiredFields, failed: COUPON_MESSAGES.saveFailed },
  });
  const formId = 'coupon-form';
  const send = async (values: Form) => {
    const body: TCouponBody = {
      ...values,
      discount_type: values.discount_type as TCouponBody['discount_type'],
      applicable_to: values.applicable_to as TCouponBody['applicable_to'],
      is_active: values.is_active === 'true',
    };
    await save.mutateAsync({ id: coupon?.id ?? null, body });
    onSaved(coupon ? COUPON_MESSAGES.updated : COUPON_MESSAGES.created);
  };

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
      <form id={formId} onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
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
        {errorAlert}
      </form>
    </Modal>
  );
}
