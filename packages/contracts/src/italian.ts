// The contracts' messages in Italian, the source language, written from the descriptors themselves: the
// default of every parse, and the text of the descriptor maps for the callers that stay Italian (the
// back-office, the tests). No catalogue: a contract's message names its values as plain {arguments} (no
// plural, no select: zod-i18n.test.ts checks it), so the Italian is its text with the values put in.
import type { MessageDescriptor } from '@lingui/core';

/** The Italian of a descriptor, its {arguments} replaced by `values`. */
export const italian = (descriptor: MessageDescriptor, values: Record<string, unknown> = {}): string =>
  (descriptor.message ?? descriptor.id).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? descriptor.values?.[name] ?? ''));

/** The Italian text of each descriptor of a map (`AUTH_MESSAGES` from `authMessages`): its source, as written. */
export function italianTexts<const M extends Record<string, MessageDescriptor>>(descriptors: M): { readonly [K in keyof M]: string } {
  return Object.fromEntries(Object.entries(descriptors).map(([key, descriptor]) => [key, descriptor.message ?? descriptor.id])) as { [K in keyof M]: string };
}
