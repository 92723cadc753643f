// Money travels as a decimal string in euros ("60.00", in the snake_case price fields) and is computed in
// integer cents on both sides: never a float.
import type { MessageDescriptor } from '@lingui/core';
import { defineMessages } from './messages.js';
import * as z from './zod-i18n.js';

const moneyMessages = defineMessages({
  amount: /* i18n */ { id: 'money.amount', message: 'Inserisci l’importo.' },
  tooHigh: /* i18n */ { id: 'money.too_high', message: 'Importo troppo alto.' },
  invalid: /* i18n */ { id: 'money.invalid', message: 'Inserisci un importo valido, con al massimo due decimali.' },
  invalidPositive: /* i18n */ { id: 'money.invalid_positive', message: 'Inserisci un importo maggiore di zero, con al massimo due decimali (es. 12,50).' },
  invalidSigned: /* i18n */ { id: 'money.invalid_signed', message: 'Inserisci un importo valido, con al massimo due decimali (es. 10 o -10).' },
  notPositive: /* i18n */ { id: 'money.not_positive', message: 'L’importo deve essere maggiore di zero.' },
  zero: /* i18n */ { id: 'money.zero', message: 'L’importo non può essere zero.' },
});

export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/);
export type TMoney = z.infer<typeof ZMoney>;

export function centsToMoney(cents: number): TMoney {
  if (!Number.isInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export function moneyToCents(money: TMoney): number {
  const [, sign, euros, cents] = /^(-?)(\d+)\.(\d{2})$/.exec(money) ?? [];
  if (euros === undefined || cents === undefined) throw new Error(`Not an amount: ${money}`);
  return (sign ? -1 : 1) * (Number(euros) * 100 + Number(cents));
}

/**
 * An amount in euros as typed ("60", "60,50"; with `signed`, also "-5"); integer cents once parsed.
 * `invalid` says what is expected.
 */
const euroInput = (invalid: MessageDescriptor, { signed = false } = {}) =>
  z
    .union([z.number(), z.string().trim()], z.because(moneyMessages.amount))
    .transform((value) => String(value).replace(',', '.'))
    // Seven digits or more before the decimals: said so, rather than that the number is malformed.
    .refine((value) => !/^-?\d{7,}(\.\d*)?$/.test(value), { ...z.because(moneyMessages.tooHigh), abort: true })
    .pipe(z.string().regex(signed ? /^-?\d{1,6}(\.\d{1,2})?$/ : /^\d{1,6}(\.\d{1,2})?$/, z.because(invalid)))
    .transform((value) => Math.round(Number(value) * 100));

export const ZEuroInput = euroInput(moneyMessages.invalid);

/** An amount that must be above zero: a sign or a malformed number is told so too (not only zero). */
export const ZPositiveEuroInput = euroInput(moneyMessages.invalidPositive).refine((cents) => cents > 0, z.because(moneyMessages.notPositive));

/** A correction that adds (positive) or takes away (negative) an amount: never zero. */
export const ZSignedEuroInput = euroInput(moneyMessages.invalidSigned, { signed: true }).refine((cents) => cents !== 0, z.because(moneyMessages.zero));
