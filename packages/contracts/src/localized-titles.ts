// A course's, a camp's or a tournament's optional German and English titles (docs/i18n.md#data-words): the
// name the centre typed is Italian; a page, an e-mail or a PDF in German or English shows the title in its
// language when there is one, else that name.
import { validationMessages } from './messages.js';
import * as z from './zod-i18n.js';

const optionalTitle = z.string().trim().max(120, z.because(validationMessages.atMostCharacters, { max: 120 })).nullable().default(null).transform((value) => value || null);

/** The admin's two optional fields, next to the name. */
export const localizedTitleFields = { title_de: optionalTitle, title_en: optionalTitle };
/** What a course, camp or tournament answers beside its name; a shape without them (none given) reads as the name alone. */
export const localizedTitleOutput = { title_de: z.string().nullable().optional(), title_en: z.string().nullable().optional() };

/** A course, camp or tournament as the wire (`title_de`) or the database (`titleDe`) has it. */
export type TLocalizedTitles = { name: string; title_de?: string | null; title_en?: string | null; titleDe?: string | null; titleEn?: string | null };

/** The title in `locale`: the German or English one if the admin gave it, else the Italian name. */
export function titleIn(locale: string, item: TLocalizedTitles): string {
  const translated = locale === 'de' ? (item.title_de ?? item.titleDe) : locale === 'en' ? (item.title_en ?? item.titleEn) : null;
  return translated || item.name;
}
