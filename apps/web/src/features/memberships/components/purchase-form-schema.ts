// The buying form's rules (docs/domain.md#memberships): the contract's own schemas, plus what depends on the chosen
// type and on the profile. A form that passes them is complete enough to ask for a quote.
import { ZFiscalCode, ZMembershipType, z, type TMembershipPurchaseBody } from '@beach/contracts';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { needsStartDate, offersBvu, offersInsurance } from '../../../lib/membership-rules';

const MISSING = {
  birth_date: msg`Inserisci la data di nascita.`,
  start_date: msg`Scegli il primo giorno di validità.`,
  bvu_card_code: msg`Inserisci il codice della tua tessera BVU.`,
};

/** `i18n` words the form's own checks, when a parse finds a field missing: in the page's language. */
export const purchaseSchema = (askBirthDate: boolean, i18n: I18n) =>
  z
    .object({
      birth_date: z.string(),
      type: z.string().pipe(ZMembershipType),
      fiscal_code: ZFiscalCode,
      start_date: z.string(),
      with_insurance: z.boolean(),
      is_bvu: z.boolean(),
      bvu_card_code: z.string().trim().toUpperCase(),
      coupon_code: z.string().trim().toUpperCase(),
    })
    .superRefine((values, ctx) => {
      const missing = (field: keyof typeof MISSING) => ctx.addIssue({ code: 'custom', path: [field], message: i18n._(MISSING[field]) });
      if (askBirthDate && !values.birth_date) missing('birth_date');
      if (needsStartDate(values.type) && !values.start_date) missing('start_date');
      if (offersBvu(values.type) && values.is_bvu && !values.bvu_card_code) missing('bvu_card_code');
    })
    // Only what applies to the chosen type is sent; never a price (the server computes it).
    .transform(
      (values): TMembershipPurchaseBody => ({
        type: values.type,
        fiscal_code: values.fiscal_code,
        birth_date: askBirthDate ? values.birth_date : null,
        start_date: needsStartDate(values.type) ? values.start_date : null,
        with_insurance: offersInsurance(values.type, values.is_bvu) && values.with_insurance,
        bvu_card_code: offersBvu(values.type) && values.is_bvu ? values.bvu_card_code : null,
        coupon_code: values.coupon_code || null,
      }),
    );

export type PurchaseFormValues = z.input<ReturnType<typeof purchaseSchema>>;

export const EMPTY_PURCHASE: PurchaseFormValues = {
  birth_date: '',
  type: '',
  fiscal_code: '',
  start_date: '',
  with_insurance: false,
  is_bvu: false,
  bvu_card_code: '',
  coupon_code: '',
};

/** The fields the server's 422 messages can be placed under. */
export const PURCHASE_FIELDS = ['birth_date', 'type', 'fiscal_code', 'start_date', 'with_insurance', 'bvu_card_code', 'coupon_code'] as const;
