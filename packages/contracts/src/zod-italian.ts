// zod as every contract uses it (imported as a namespace: `import * as z from './zod-italian.js'`):
// Italian validation messages for every schema, on the API and in the browser alike — zod's Italian
// locale covers everything, the common cases get plainer words for the front desk — and a string that
// refuses the NUL character.
import { z } from 'zod';

export * from 'zod';

/** An empty required field, in every form and answer. */
export const REQUIRED_MESSAGE = 'Campo obbligatorio.';

z.config(z.locales.it());
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED_MESSAGE;
    if (issue.code === 'too_small' && issue.origin === 'string') {
      return issue.minimum === 1 ? REQUIRED_MESSAGE : `Deve contenere almeno ${issue.minimum} caratteri.`;
    }
    if (issue.code === 'too_big' && issue.origin === 'string') return `Può contenere al massimo ${issue.maximum} caratteri.`;
    if (issue.code === 'invalid_format' && issue.format === 'email') return 'Inserisci un indirizzo e-mail valido.';
    return undefined;
  },
});

/**
 * A NUL character is not text: PostgreSQL refuses it in every text column and pattern. Every string of
 * every contract refuses it here, once, with a field message.
 */
export const NUL_MESSAGE = 'Contiene un carattere non ammesso.';
export const string = ((params?: Parameters<typeof z.string>[0]) => z.string(params).refine((value) => !value.includes('\u0000'), NUL_MESSAGE)) as typeof z.string;
