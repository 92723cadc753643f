// Italian fiscal codes, checked with a maintained library (codice-fiscale-js): the official check
// character, omocodia included, and the birth date encoded in the code.
import codiceFiscale from 'codice-fiscale-js';
import { defineMessages } from '@beach/contracts';
import { italian, type Message } from '../../lib/i18n.js';

// The package's CommonJS build exports { CodiceFiscale } although its typings declare a default export.
const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };

export const fiscalCodeMessages = defineMessages({
  invalid: /* i18n */ {
    id: 'api.memberships.fiscal_code_invalid',
    message: 'Il codice fiscale non è valido: controlla lettere, cifre e carattere di controllo.',
  },
  birthDateMismatch: /* i18n */ { id: 'api.memberships.fiscal_code_birth_date', message: 'Il codice fiscale non corrisponde alla data di nascita.' },
});

/**
 * Only the official check character (omocodia included), in Italian (the back-office's CSV import): a couple of microseconds, for bulk imports
 * of codes issued elsewhere. fiscalCodeProblem also decodes the birthplace and date (~0.2 ms).
 */
export const fiscalCheckCharacterProblem = (code: string): string | null => (CodiceFiscale.check(code) ? null : italian(fiscalCodeMessages.invalid));

/** Why the code is not acceptable for someone born on `birthDate` (YYYY-MM-DD, when known), or null. */
export function fiscalCodeProblem(code: string, birthDate: string | null): Message | null {
  if (fiscalCheckCharacterProblem(code)) return fiscalCodeMessages.invalid;
  let encoded: InstanceType<typeof CodiceFiscale>;
  try {
    encoded = new CodiceFiscale(code); // also reads the birthplace, and refuses an unknown one
  } catch {
    return fiscalCodeMessages.invalid;
  }
  if (!birthDate) return null;
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  // The code keeps two digits of the year: compare those.
  const matches = encoded.day === day && encoded.month === month && encoded.year % 100 === year % 100;
  return matches ? null : fiscalCodeMessages.birthDateMismatch;
}

/** The birth place a fiscal code encodes, "RIMINI (RN)" (a foreign country alone), or null for an invalid code. */
export function birthPlaceOf(code: string): string | null {
  try {
    const { nome, prov } = new CodiceFiscale(code).birthplace as { nome: string; prov: string };
    return prov && prov !== 'EE' ? `${nome} (${prov})` : nome;
  } catch {
    return null;
  }
}

/** The fiscal code of someone born in Rimini (demo data and tests): the official algorithm, check character included. */
export function fiscalCodeFor({ firstName, lastName, gender, birthDate }: { firstName: string; lastName: string; gender: 'M' | 'F'; birthDate: string }): string {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  return CodiceFiscale.compute({ name: firstName, surname: lastName, gender, day, month, year, birthplace: 'Rimini', birthplaceProvincia: 'RN' });
}
