// Italian validation messages for every schema, on the API and in the browser alike.
// zod's Italian locale covers everything; the common cases get plainer words for the front desk.
import { z } from 'zod';

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

export { z };
