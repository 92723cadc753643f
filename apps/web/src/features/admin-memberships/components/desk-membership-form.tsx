// A card made at the desk (docs/domain.md#memberships): holder, type and options, how it was paid; the live quote
// comes from the server; the card is active at once and the payment recorded.
import { MEMBERSHIP_TYPE_LABELS, MEMBERSHIP_TYPES, PAYMENT_METHODS, z, ZDeskMembershipBody, ZMembershipType, ZPaymentMethod, type TAdminMembership, type TDeskMembershipBody } from '@beach/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Checkbox, Input, Select, Textarea } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { downloadAdminMembershipPdf, useCreateDeskMembership } from '../api/admin-memberships';
import { useDeskQuote } from '../../../lib/use-membership-quote';
import { todayInRome } from '../../../lib/format';
import { needsStartDate, offersBvu, offersInsurance } from '../../../lib/membership-rules';
import { QuoteSummary, type QuoteState } from '../../../components/quote-summary';
import { HolderPicker, type HolderChoice } from './holder-picker';
import { PAYMENT_METHOD_LABELS } from './labels';
import { MESSAGES } from './messages';

/** What the card form holds (the holder as picked, every option as typed), shaped into the request body. */
const ZDeskForm = z.object({
  holder: z.custom<HolderChoice>(),
  type: z.string().pipe(ZMembershipType),
  fiscal_code: z.string(),
  birth_date: z.string(),
  start_date: z.string(),
  with_insurance: z.boolean(),
  bvu_card_code: z.string(),
  coupon_code: z.string(),
  method: ZPaymentMethod,
  stripe_payment_id: z.string(),
  notes: z.string(),
});
type DeskForm = z.output<typeof ZDeskForm>;

const emptyDraft = (): z.input<typeof ZDeskForm> => ({
  holder: { mode: 'existing', member: null },
  type: '',
  fiscal_code: '',
  birth_date: '',
  start_date: todayInRome(),
  with_insurance: false,
  bvu_card_code: '',
  coupon_code: '',
  method: 'cash',
  stripe_payment_id: '',
  notes: '',
});

// Only what applies to the chosen type and holder is sent; never a price (the server computes it).
const bodyOf = ({ holder, type, ...draft }: DeskForm): TDeskMembershipBody => {
  const bvu = offersBvu(type) ? draft.bvu_card_code.trim() : '';
  return {
    user_id: holder.mode === 'existing' ? (holder.member?.id ?? null) : null,
    new_user: holder.mode === 'new' ? { ...holder.holder, phone: holder.holder.phone || null } : null,
    type,
    fiscal_code: draft.fiscal_code,
    // An existing member without a birth date gives it here (the age limits need it).
    birth_date: holder.mode === 'existing' && holder.member && !holder.member.birth_date ? draft.birth_date || null : null,
    start_date: needsStartDate(type) ? draft.start_date : null,
    with_insurance: offersInsurance(type, bvu !== '') && draft.with_insurance,
    bvu_card_code: bvu || null,
    coupon_code: draft.coupon_code.trim() || null,
    payment: { method: draft.method, stripe_payment_id: draft.method === 'stripe' ? draft.stripe_payment_id.trim() : null },
    notes: draft.notes.trim() || null,
  };
};

/** A form that passes it is complete: its output is the body sent for the quote and for the card. */
const ZDeskCard = ZDeskForm.transform(bodyOf).pipe(ZDeskMembershipBody);

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={titleId} className="text-lg font-semibold text-sea-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Created({ membership, message, onAnother }: { membership: TAdminMembership; message: string; onAnother: () => void }) {
  const [pdfFailed, setPdfFailed] = useState(false);
  return (
    <Alert tone="success" title={message}>
      <p>
        Tessera <strong>{membership.membership_number}</strong> di {membership.user.first_name} {membership.user.last_name}, attiva.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`${paths.admin.membershipEditor}?id=${membership.id}`} className={buttonClasses('primary', 'sm')}>
          Apri la tessera {membership.membership_number}
        </Link>
        <Button variant="secondary" size="sm" onClick={() => downloadAdminMembershipPdf(membership).catch(() => setPdfFailed(true))}>
          Scarica PDF
        </Button>
        <Button variant="ghost" size="sm" onClick={onAnother}>
          Nuova tessera
        </Button>
      </div>
      {pdfFailed && <p className="mt-2 text-coral-600">{MESSAGES.pdfFailed}</p>}
    </Alert>
  );
}

export function DeskMembershipForm() {
  const create = useCreateDeskMembership();
  const { register, errorOf: formErrorOf, watch, setValue, reset, submit, failure } = useZodForm({
    schema: ZDeskCard,
    raw: false,
    defaultValues: emptyDraft(),
    messages: { failed: 'Si è verificato un errore nella creazione della tessera. Riprova più tardi.', prefix: 'Errore: ' },
  });

  const card = ZDeskCard.safeParse(watch());
  const quote = useDeskQuote(card.success ? card.data : null);
  const quoteState: QuoteState = !card.success
    ? { kind: 'incomplete' }
    : quote.error
      ? { kind: 'invalid', message: quote.error.details }
      : { kind: 'ready', quote: quote.quote, current: quote.current, updating: quote.updating };

  // A message from the last save, else from the quote of the form as it is now.
  const errorOf = (name: string) => formErrorOf(name) ?? quote.error?.errors?.[name]?.join('\n');
  const holder = watch('holder');
  const type = ZMembershipType.safeParse(watch('type')).data;
  const [method, bvuCardCode] = watch(['method', 'bvu_card_code']);

  function pickHolder(next: HolderChoice) {
    setValue('holder', next);
    // The fiscal code of the member's latest card fills the form; it can still be corrected.
    if (next.mode === 'existing' && next.member?.fiscal_code) setValue('fiscal_code', next.member.fiscal_code);
  }

  const send = (body: TDeskMembershipBody) => create.mutateAsync(body);

  const another = () => {
    create.reset();
    reset(emptyDraft());
  };

  if (create.data) return <Created membership={create.data.membership} message={create.data.message} onAnother={another} />;

  return (
    <form onSubmit={submit(send)} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" noValidate>
      <div className="space-y-6">
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <HolderPicker choice={holder} onChange={pickHolder} errorOf={errorOf} />
          {holder.mode === 'existing' && holder.member && !holder.member.birth_date && (
            <div className="mt-4 max-w-xs">
              <Input label="Data di nascita" type="date" required {...register('birth_date')} error={errorOf('birth_date')} hint="Il profilo non ha la data di nascita: viene salvata." />
            </div>
          )}
        </section>

        <Panel title="Tessera">
          <div className="grid gap-3 sm:grid-cols-2">
            <Select
              label="Tipo di tessera"
              required
              options={[{ value: '', label: 'Scegli il tipo' }, ...MEMBERSHIP_TYPES.map((value) => ({ value, label: MEMBERSHIP_TYPE_LABELS[value] }))]}
              {...register('type')}
              error={errorOf('type')}
            />
            <Input label="Codice fiscale" required maxLength={16} {...register('fiscal_code')} error={errorOf('fiscal_code')} className="uppercase" autoComplete="off" />
            {type && needsStartDate(type) && <Input label="Data di inizio" type="date" required {...register('start_date')} error={errorOf('start_date')} />}
            {type && offersBvu(type) && (
              <Input label="Codice tessera BVU" {...register('bvu_card_code')} error={errorOf('bvu_card_code')} hint="Solo per gli iscritti ai corsi BVU: prezzo BVU, assicurazione inclusa." />
            )}
            <Input label="Codice coupon" {...register('coupon_code')} error={errorOf('coupon_code')} autoComplete="off" />
          </div>
          {type && offersInsurance(type, bvuCardCode.trim() !== '') && <Checkbox label="Aggiungi l'assicurazione" {...register('with_insurance')} />}
        </Panel>

        <Panel title="Pagamento">
          <div className="grid gap-3 sm:grid-cols-2">
            <Select label="Metodo di pagamento" required options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))} {...register('method')} error={errorOf('payment.method')} />
            {method === 'stripe' && (
              <Input label="ID pagamento Stripe" required placeholder="pi_..." {...register('stripe_payment_id')} error={errorOf('payment.stripe_payment_id')} autoComplete="off" />
            )}
          </div>
          <Textarea label="Note" rows={3} maxLength={1000} {...register('notes')} error={errorOf('notes')} />
        </Panel>
      </div>

      <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
        <QuoteSummary state={quoteState} />
        <FormAlert failure={failure} />
        <Button type="submit" className="w-full" disabled={!card.success} loading={create.isPending} loadingText="Creazione...">
          Crea tessera attiva
        </Button>
      </aside>
    </form>
  );
}
