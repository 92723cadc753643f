import { ageOn, membershipTypesForAge, PERIOD_DAYS, type TMembershipPurchaseBody, type TMyMembership, type TPriceCode } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { formFailure, unexpectedMessage } from '../../../lib/api-errors';
import { formatCents, formatMoney } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { usePriceList } from '../../../lib/use-public-data';
import { useCreateMembership } from '../api/memberships';
import { useMembershipQuote } from '../../../lib/use-membership-quote';
import { todayInRome } from '../../../lib/format';
import { MembershipTypeChoice } from './membership-type-choice';
import { needsStartDate, offersBvu, offersInsurance, priceCodeOf } from '../../../lib/membership-rules';
import { EMPTY_PURCHASE, PURCHASE_FIELDS, purchaseSchema } from './purchase-form-schema';
import { QuoteSummary, type QuoteState } from '../../../components/quote-summary';

type Field = (typeof PURCHASE_FIELDS)[number];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Buying a card (docs/domain.md#memberships): type by age, fiscal code, dates, insurance, BVU, coupon, live
 * total. `firstDay`: a renewal's, the day after the cards it renews (a dated card starts there by default).
 */
export function PurchaseForm({ firstDay }: { firstDay?: string }) {
  const { i18n, t } = useLingui();
  const user = useCurrentUser();
  const askBirthDate = !user?.birth_date;
  const schema = useMemo(() => purchaseSchema(askBirthDate, i18n), [askBirthDate, i18n]);
  const empty = { ...EMPTY_PURCHASE, start_date: firstDay ?? '' };
  const { register, submit, failure, setValue, reset, control, formState } = useZodForm({
    schema,
    raw: false,
    defaultValues: empty,
  });
  const values = { ...empty, ...useWatch({ control }) };
  const prices = usePriceList();
  const create = useCreateMembership();
  const [requested, setRequested] = useState<TMyMembership | null>(null);

  const today = todayInRome();
  const birthDate = user?.birth_date ?? values.birth_date;
  // Only seasonal cards have age limits; they start today or at the next season's opening. The age is
  // counted today here, and the server checks it on the card's first day (a 422 under the type).
  const allowedTypes = ISO_DAY.test(birthDate) ? membershipTypesForAge(ageOn(birthDate, today)) : [];
  const type = allowedTypes.find((allowed) => allowed === values.type);
  const typeAllowed = type !== undefined;
  useEffect(() => {
    if (values.type && !typeAllowed) setValue('type', '');
  }, [values.type, typeAllowed, setValue]);

  const parsed = schema.safeParse(values);
  const quote = useMembershipQuote(parsed.success && typeAllowed ? parsed.data : null);
  const quoteFailure = quote.error && formFailure(quote.error, PURCHASE_FIELDS, unexpectedMessage()).message;
  const quoteState: QuoteState = !parsed.success || !typeAllowed
    ? { kind: 'incomplete' }
    : quote.error
      ? { kind: 'invalid', message: quoteFailure ?? t`Correggi i campi segnalati per vedere il prezzo.` }
      : { kind: 'ready', quote: quote.quote, current: quote.current, updating: quote.updating };

  const listPrice = (code: TPriceCode) => prices.data?.entries.find((entry) => entry.code === code)?.amount_cents;
  const fieldError = (field: Field) => formState.errors[field]?.message ?? quote.error?.errors?.[field]?.join('\n');

  const payOnline = quote.current && quote.quote?.pay_online;
  const redirecting = Boolean(create.data?.checkout_url);
  const onSubmit = submit(async (body: TMembershipPurchaseBody) => {
    setRequested(null);
    const { membership, checkout_url } = await create.mutateAsync(body);
    if (!checkout_url) {
      setRequested(membership);
      reset(empty);
    }
  });

  const insurancePrice = listPrice('insurance_addon');
  const insuranceCost = insurancePrice === undefined ? null : formatCents(insurancePrice);
  const insuranceLabel = insuranceCost === null ? t`Aggiungi l'assicurazione` : t`Aggiungi l'assicurazione (+ ${insuranceCost})`;
  const days = type && PERIOD_DAYS[type];
  const startDateHint = days === 1 ? t`Valida solo il giorno scelto.` : t`Valida ${days} giorni a partire dal giorno scelto.`;
  const price = quote.quote && formatMoney(quote.quote.price);
  const requestedNumber = requested?.membership_number;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {askBirthDate && (
          <Input label={t`Data di nascita`} type="date" required max={today} hint={t`Decide le tessere disponibili; la salviamo nel tuo profilo.`} error={fieldError('birth_date')} {...register('birth_date')} />
        )}
        <Input
          label={t`Codice fiscale`}
          required
          maxLength={16}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase"
          hint={t`16 lettere e cifre, come sulla tessera sanitaria.`}
          error={fieldError('fiscal_code')}
          {...register('fiscal_code')}
        />
      </div>

      {allowedTypes.length > 0 ? (
        <MembershipTypeChoice types={allowedTypes} priceOf={(choice) => listPrice(priceCodeOf(choice))} registration={register('type')} error={fieldError('type')} />
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>Inserisci la data di nascita per vedere le tessere disponibili.</Trans>
        </p>
      )}

      {type && needsStartDate(type) && (
        <Input label={t`Primo giorno di validità`} type="date" required min={firstDay ?? today} hint={startDateHint} error={fieldError('start_date')} {...register('start_date')} />
      )}

      {type &&
        (offersInsurance(type, values.is_bvu) ? (
          <Checkbox
            label={insuranceLabel}
            error={fieldError('with_insurance')}
            {...register('with_insurance')}
          />
        ) : (
          <p className="flex items-center gap-2 text-sm font-medium text-sea-800">
            <ShieldCheck aria-hidden="true" className="h-4 w-4" /> <Trans>Assicurazione inclusa</Trans>
          </p>
        ))}

      {type && offersBvu(type) && (
        <div className="space-y-3">
          <Checkbox label={t`Sei tesserato BVU?`} {...register('is_bvu')} />
          {values.is_bvu && (
            <Input label={t`Codice tessera BVU`} required autoComplete="off" hint={t`Lo trovi sulla tessera BVU di questa stagione.`} error={fieldError('bvu_card_code')} {...register('bvu_card_code')} />
          )}
        </div>
      )}

      <Input label={t`Codice coupon`} autoComplete="off" autoCapitalize="characters" spellCheck={false} className="uppercase" hint={t`Facoltativo.`} error={fieldError('coupon_code')} {...register('coupon_code')} />

      <QuoteSummary state={quoteState} />

      {/* Next to the button: on a phone the top of the form is out of sight when it is pressed. */}
      <FormAlert failure={failure} />
      {requested && (
        <Alert tone="success" title={t`Richiesta inviata: tessera ${requestedNumber}`}>
          <Trans>Passa in segreteria per attivarla: per i minori firma un genitore.</Trans>
        </Alert>
      )}

      <Button type="submit" className="w-full sm:w-auto" loading={create.isPending || redirecting} loadingText={payOnline ? t`Apertura del pagamento...` : t`Invio della richiesta...`}>
        {payOnline && price ? <Trans>Paga {price} online</Trans> : <Trans>Richiedi la tessera</Trans>}
      </Button>
    </form>
  );
}
