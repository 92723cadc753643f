// Lingui's PO format, and for a message with an explicit id (the contracts', the API's) its Italian text
// as a comment in every language's file (`#. it: Campo obbligatorio.`): a translator sees what to translate.
import type { CatalogFormatter } from '@lingui/conf';
import { formatter as po } from '@lingui/format-po';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

const PREFIX = 'it: ';
export function formatter(): CatalogFormatter {
  const base = po({ lineNumbers: false });
  return {
    ...base,
    parse: (content, ctx) => {
      const catalog = base.parse(content, ctx) as Record<string, { comments?: string[] }>;
      for (const message of Object.values(catalog)) message.comments = message.comments?.filter((c) => !c.startsWith(PREFIX));
      return catalog as never;
    },
    serialize: (catalog, ctx) => {
      // The Italian file says what the code says: extraction keeps an old translation, so an Italian text changed
      // in the code would otherwise stay as it was in it.po, and in what the API and the web show.
      const source = ctx.locale === ctx.sourceLocale;
      const withSource = Object.fromEntries(
        Object.entries(catalog).map(([id, entry]) => {
          const message = source && entry.message ? { ...entry, translation: entry.message } : entry;
          return [id, message.message && generateMessageId(message.message, message.context ?? undefined) !== id ? { ...message, comments: [...(message.comments ?? []), PREFIX + message.message] } : message];
        }),
      );
      return base.serialize(withSource, ctx);
    },
  };
}
