// A card made at the desk (docs/domain.md#memberships): holder, type and options, how it was paid; the live quote
// comes from the server; the card is active at once and the payment recorded.
import { MEMBERSHIP_TYPE_LABELS, MEMBERSHIP_TYPES, PAYMENT_METHODS, ZDeskMembershipBody, type TAdminMembership, type TDeskMembershipBody, type TMembershipType, type TPaymentMethod } from '@beach/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Checkbox, Input, Select, Textarea } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-transport';
import { downloadAdminMembershipPdf, useCreateDeskMembership } from '../api/admin-memberships';
import { useDeskQuote } from '../../../lib/use-membership-quote';
import { todayInRome } from '../../../lib/format';
import { needsStartDate, offersBvu, offersInsurance } from '../../../lib/membership-rules';
import { QuoteSummary, type QuoteState } from '../../../components/quote-summary';
import { HolderPicker, type HolderChoice } from './holder-picker';
import { PAYMENT_METHOD_LABELS } from './labels';
import { MESSAGES } from './messages';

interface CardDraft {
  type: TMembershipType | '';
  fiscal_code: string;
  birth_date: string;
  start_date: string;
  with_insurance: boolean;
  bvu_card_code: string;
  coupon_code: string;
  method: TPaymentMethod;
  stripe_payment_id: string;
  notes: string;
}

const emptyDraft = (): CardDraft => ({ type: '', fiscal_code: '', birth_date: '', start_date: todayInRome(), with_insurance: false, bvu_card_code: '', coupon_code: '', method: 'cash', stripe_payment_id: '', notes: '' });

function bodyOf(holder: HolderChoice, draft: CardDraft): TDeskMembershipBody {
  const type = draft.type as TMembershipType;
  const bvu = offersBvu(type) ? draft.bvu_card_code.trim() : '';
  return {
    user_id: holder.mode === 'existing' ? (holder.member?.id ?? null) : null,
    new_user: holder.mode === 'new' ? { ...holder.holder, phone: holder.holder.phone || null } : null,
    type,
    fiscal_code: draft.fiscal_code,
    // An existing member without a birth date gives it here (the age limits need it).
    birth_date: holder.mode === 'existing' && holder.member && !holder.member.birth_date ? draft.birth_date || null : null,
    start_date: needsStartDate(type) ? draft.start_date : null,
    with_insurance: draft.type !== '' && offersInsurance(type, bvu !== '') && draft.with_insurance,
    bvu_card_code: bvu || null,
    coupon_code: draft.coupon_code.trim() || null,
    payment: { method: draft.method, stripe_payment_id: draft.method === 'stripe' ? draft.stripe_payment_id.trim() : null },
    notes: draft.notes.trim() || null,
  };
}

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
  const [holder, setHolder] = useState<HolderChoice>({ mode: 'existing', member: null });
  const [draft, setDraft] = useState<CardDraft>(emptyDraft);
  const create = useCreateDeskMembership();
  const set = <Field extends keyof CardDraft>(field: Field, value: CardDraft[Field]) => setDraft((current) => ({ ...current, [field]: value }));

  const body = bodyOf(holder, draft);
  const complete = draft.type !== '' && ZDeskMembershipBody.safeParse(body).success;
  const quote = useDeskQuote(complete ? body : null);
  const quoteState: QuoteState = !complete
    ? { kind: 'incomplete' }
    : quote.error
      ? { kind: 'invalid', message: quote.error.details }
      : { kind: 'ready', quote: quote.quote, current: quote.current, updating: quote.updating };

  const createErrors = create.error instanceof ApiError ? create.error.errors : undefined;
  const errorOf = (field: string) => createErrors?.[field]?.join('\n') ?? quote.error?.errors?.[field]?.join('\n');
  const type = draft.type || null;

  function pickHolder(next: HolderChoice) {
    setHolder(next);
    // The fiscal code of the member's latest card fills the form; it can still be corrected.
    if (next.mode === 'existing' && next.member?.fiscal_code) set('fiscal_code', next.member.fiscal_code);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(body);
  }

  const reset = () => {
    create.reset();
    setHolder({ mode: 'existing', member: null });
    setDraft(emptyDraft());
  };

  if (create.data) return <Created membership={create.data.membership} message={create.data.message} onAnother={reset} />;

  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" noValidate>
      <div className="space-y-6">
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <HolderPicker choice={holder} onChange={pickHolder} errorOf={errorOf} />
          {holder.mode === 'existing' && holder.member && !holder.member.birth_date && (
            <div className="mt-4 max-w-xs">
              <Input label="Data di nascita" type="date" required value={draft.birth_date} onChange={(event) => set('birth_date', event.target.value)} error={errorOf('birth_date')} hint="Il profilo non ha la data di nascita: viene salvata." />
            </div>
          )}
        </section>

        <Panel title="Tessera">
          <div className="grid gap-3 sm:grid-cols-2">
            <Select
              label="Tipo di tessera"
              required
              value={draft.type}
              onValueChange={(value) => set('type', value)}
              options={[{ value: '' as const, label: 'Scegli il tipo' }, ...MEMBERSHIP_TYPES.map((value) => ({ value, label: MEMBERSHIP_TYPE_LABELS[value] }))]}
              error={errorOf('type')}
            />
            <Input label="Codice fiscale" required maxLength={16} value={draft.fiscal_code} onChange={(event) => set('fiscal_code', event.target.value.toUpperCase())} error={errorOf('fiscal_code')} autoComplete="off" />
            {type && needsStartDate(type) && <Input label="Data di inizio" type="date" required value={draft.start_date} onChange={(event) => set('start_date', event.target.value)} error={errorOf('start_date')} />}
            {type && offersBvu(type) && (
              <Input label="Codice tessera BVU" value={draft.bvu_card_code} onChange={(event) => set('bvu_card_code', event.target.value)} error={errorOf('bvu_card_code')} hint="Solo per gli iscritti ai corsi BVU: prezzo BVU, assicurazione inclusa." />
            )}
            <Input label="Codice coupon" value={draft.coupon_code} onChange={(event) => set('coupon_code', event.target.value)} error={errorOf('coupon_code')} autoComplete="off" />
          </div>
          {type && offersInsurance(type, draft.bvu_card_code.trim() !== '') && (
            <Checkbox label="Aggiungi l'assicurazione" checked={draft.with_insurance} onChange={(event) => set('with_insurance', event.target.checked)} />
          )}
        </Panel>

        <Panel title="Pagamento">
          <div className="grid gap-3 sm:grid-cols-2">
            <Select label="Metodo di pagamento" required value={draft.method} onValueChange={(value) => set('method', value)} options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))} error={errorOf('payment.method')} />
            {draft.method === 'stripe' && (
              <Input label="ID pagamento Stripe" required placeholder="pi_..." value={draft.stripe_payment_id} onChange={(event) => set('stripe_payment_id', event.target.value)} error={errorOf('payment.stripe_payment_id')} autoComplete="off" />
            )}
          </div>
          <Textarea label="Note" rows={3} maxLength={1000} value={draft.notes} onChange={(event) => set('notes', event.target.value)} />
        </Panel>
      </div>

      <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
        <QuoteSummary state={quoteState} />
        {create.isError && <Alert tone="error">{create.error instanceof ApiError && create.error.status > 0 && create.error.status < 500 ? `Errore: ${create.error.details}` : 'Si è verificato un errore nella creazione della tessera. Riprova più tardi.'}</Alert>}
        <Button type="submit" className="w-full" disabled={!complete} loading={create.isPending} loadingText="Creazione...">
          Crea tessera attiva
        </Button>
      </aside>
    </form>
  );
}
