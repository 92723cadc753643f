// The association's own details (admin, /admin/associazione): printed on receipts and on the members'
// register; and the accountant's choices for receipts.
import { ZEmail } from './auth.js';
import { defineRoute } from './http.js';
import { italianTexts } from './italian.js';
import { defineMessages, validationMessages } from './messages.js';
import * as z from './zod-i18n.js';

/** The €2 stamp duty applies to activity-fee receipts above €77.47; membership fees are exempt. */
export const STAMP_DUTY_CENTS = 200;
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;

/**
 * An 11-digit fiscal code or VAT number with its check digit: digits in odd places are added as they
 * are, digits in even places doubled (less 9 above 9); the last digit brings the sum to a multiple of 10.
 */
export function elevenDigitCodeIsValid(code: string): boolean {
  if (!/^\d{11}$/.test(code)) return false;
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const digit = Number(code[index]);
    const doubled = index % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10 === Number(code[10]);
}

export const associationMessages = defineMessages({
  yesOrNo: /* i18n */ { id: 'association.yes_or_no', message: 'Scegli sì o no.' },
  fiscalCode: /* i18n */ {
    id: 'association.fiscal_code',
    message: 'Il codice fiscale è fatto di 11 cifre (associazione) o di 16 lettere e cifre, con il carattere di controllo corretto.',
  },
  vatNumber: /* i18n */ { id: 'association.vat_number', message: 'La partita IVA è fatta di 11 cifre, con la cifra di controllo corretta.' },
  saved: /* i18n */ { id: 'association.saved', message: 'Dati dell’associazione salvati.' },
});
/** The Italian of each, for the web's Italian-only screens and the tests. */
export const ASSOCIATION_MESSAGES = italianTexts(associationMessages);

const required = (max: number) => z.string(z.because(validationMessages.required)).trim().min(1).max(max);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
const upperCode = z.string().transform((value) => value.replace(/\s+/g, '').toUpperCase());

export const ZAssociationBody = z.object({
  name: required(200),
  address: required(300),
  fiscal_code: upperCode.refine(
    (code) => elevenDigitCodeIsValid(code) || /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(code),
    z.because(associationMessages.fiscalCode),
  ),
  vat_number: upperCode
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || elevenDigitCodeIsValid(value), z.because(associationMessages.vatNumber)),
  rasd_number: optional(50),
  email: ZEmail,
  receipt_signatory: required(200),
  stamp_duty_on_receipts: z.boolean(z.because(associationMessages.yesOrNo)),
});
export type TAssociationBody = z.input<typeof ZAssociationBody>;

export const ZAssociation = z.object({
  name: z.string(),
  address: z.string().nullable(),
  fiscal_code: z.string().nullable(),
  vat_number: z.string().nullable(),
  rasd_number: z.string().nullable(),
  email: z.string().nullable(),
  receipt_signatory: z.string().nullable(),
  stamp_duty_on_receipts: z.boolean(),
  updated_at: z.iso.datetime(),
});
export type TAssociation = z.infer<typeof ZAssociation>;

/** What a receipt must state about its issuer; while any is empty, receipts go out without it. */
export const ASSOCIATION_RECEIPT_FIELDS = { address: 'sede legale', fiscal_code: 'codice fiscale', email: 'e-mail', receipt_signatory: 'firmatario delle ricevute' } as const;
/** The receipt details still empty, in the order a receipt prints them. */
export const missingReceiptDetails = (association: TAssociation) =>
  (Object.keys(ASSOCIATION_RECEIPT_FIELDS) as (keyof typeof ASSOCIATION_RECEIPT_FIELDS)[]).filter((name) => !association[name]?.trim()).map((name) => ASSOCIATION_RECEIPT_FIELDS[name]);

export const associationRoutes = {
  show: defineRoute({ method: 'get', path: '/api/admin/association', summary: 'Dati dell’associazione (ricevute e libro soci)', tag: 'association', access: 'admin', response: ZAssociation }),
  save: defineRoute({ method: 'put', path: '/api/admin/association', summary: 'Modifica i dati dell’associazione', tag: 'association', access: 'admin', body: ZAssociationBody, response: ZAssociation }),
};
