// Money travels as a decimal string in euros ("60.00", in the snake_case price fields) and is computed in
// integer cents on both sides: never a float.
import * as z from './zod-italian.js';

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

const TOO_HIGH = 'Importo troppo alto.';

/**
 * An amount in euros as typed ("60", "60,50"; with `signed`, also "-5"); integer cents once parsed.
 * `invalid` says what is expected.
 */
const euroInput = (invalid: string, { signed = false } = {}) =>
  z
    .union([z.number(), z.string().trim()], { error: 'Inserisci l’importo.' })
    .transform((value) => String(value).replace(',', '.'))
    // Seven digits or more before the decimals: said so, rather than that the number is malformed.
    .refine((value) => !/^-?\d{7,}(\.\d*)?$/.test(value), { error: TOO_HIGH, abort: true })
    .pipe(z.string().regex(signed ? /^-?\d{1,6}(\.\d{1,2})?$/ : /^\d{1,6}(\.\d{1,2})?$/, invalid))
    .transform((value) => Math.round(Number(value) * 100));

export const ZEuroInput = euroInput('Inserisci un importo valido, con al massimo due decimali.');

/** An amount that must be above zero: a sign or a malformed number is told so too (not only zero). */
export const ZPositiveEuroInput = euroInput('Inserisci un importo maggiore di zero, con al massimo due decimali (es. 12,50).').refine(
  (cents) => cents > 0,
  'L’importo deve essere maggiore di zero.',
);

/** A correction that adds (positive) or takes away (negative) an amount: never zero. */
export const ZSignedEuroInput = euroInput('Inserisci un importo valido, con al massimo due decimali (es. 10 o -10).', { signed: true }).refine(
  (cents) => cents !== 0,
  'L’importo non può essere zero.',
);
