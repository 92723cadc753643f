// The contracts' messages in Italian, the source language: the default of every parse, and the text of the
// descriptor maps for the callers that stay Italian (the back-office, the tests).
import { messages } from '@beach/i18n/catalogues/contracts/it';
import { setupI18n, type MessageDescriptor } from '@lingui/core';

export const italian = setupI18n({ locale: 'it', messages: { it: messages } });

/** The Italian text of each descriptor of a map (`AUTH_MESSAGES` from `authMessages`): its source, as written. */
export function italianTexts<const M extends Record<string, MessageDescriptor>>(descriptors: M): { readonly [K in keyof M]: string } {
  return Object.fromEntries(Object.entries(descriptors).map(([key, descriptor]) => [key, descriptor.message ?? descriptor.id])) as { [K in keyof M]: string };
}
