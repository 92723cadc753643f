// zod as every contract uses it (imported as a namespace: `import * as z from './zod-i18n.js'`). A contract
// never writes a sentence: a built-in check (min, max, email…) is named by its issue code, any other message
// is a descriptor (an id and its Italian text) given with `because(descriptor, values)`. The text is written
// when an issue is made, by the caller's error map and in its language: the API's per request, the web's in
// the page's language, Italian when nobody set one. Every string also refuses the NUL character.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { z } from 'zod';
import { italian } from './italian.js';
import { validationMessages } from './messages.js';

export * from 'zod';

export type MessageValues = Record<string, unknown>;
/** Why an issue was raised: what the caller's language renders. */
export interface IssueReason {
  descriptor: MessageDescriptor;
  values?: MessageValues;
}

const REASON = Symbol('issue reason');
type ReasonMap = (() => undefined) & { [REASON]: IssueReason };

/**
 * A schema's, a check's or a refinement's message: `z.enum(X, because(m.pickOne))`, `.min(3, because(m.search))`,
 * `.refine(check, { ...because(m.percentTooHigh, { max: 100 }), path: ['x'] })`. zod lets a message written on a
 * schema beat the caller's error map, so this one writes nothing (its map answers undefined): it leaves the
 * reason on the schema, and the caller's map (errorMapFor) renders it.
 */
export function because(descriptor: MessageDescriptor, values?: MessageValues): { error: () => undefined } {
  const map: ReasonMap = Object.assign(() => undefined, { [REASON]: { descriptor, values } });
  return { error: map };
}

/** The same for an issue a superRefine adds itself: `ctx.addIssue({ code: 'custom', path, ...issueBecause(m.x) })`. */
export const issueBecause = (descriptor: MessageDescriptor, values?: MessageValues) => ({ params: { i18n: { descriptor, values } satisfies IssueReason } });

const reasonOn = (map: unknown): IssueReason | undefined => (typeof map === 'function' && REASON in map ? (map as ReasonMap)[REASON] : undefined);

type RawIssue = z.core.$ZodRawIssue & { params?: { i18n?: IssueReason }; schema?: z.core.$ZodType };

/**
 * The message of an issue as a descriptor and values, in zod's own order: the check's or refinement's, then
 * the schema's that owns the check, then the common cases by issue code; undefined for the rest, which zod's
 * locale of the language words.
 */
export function issueReason(issue: z.core.$ZodRawIssue): IssueReason | undefined {
  const raw = issue as RawIssue;
  const own = raw.params?.i18n ?? reasonOn(raw.inst?._zod.def.error) ?? (raw.schema !== raw.inst ? reasonOn(raw.schema?._zod.def.error) : undefined);
  if (own) return own;
  if (issue.code === 'invalid_type' && issue.input === undefined) return { descriptor: validationMessages.required };
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) === 1 ? { descriptor: validationMessages.required } : { descriptor: validationMessages.tooShort, values: { minimum: issue.minimum } };
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return { descriptor: validationMessages.tooLong, values: { maximum: issue.maximum } };
  if (issue.code === 'invalid_format' && issue.format === 'email') return { descriptor: validationMessages.email };
  return undefined;
}

/** zod's own wording of the other issues (a wrong type, an unknown key…), in our languages. */
const ZOD_LOCALES: Record<string, () => { localeError: z.core.$ZodErrorMap }> = { it: z.locales.it, de: z.locales.de, en: z.locales.en };
const zodWordings = new Map<string, z.core.$ZodErrorMap>();
function zodWording(locale: string): z.core.$ZodErrorMap {
  let wording = zodWordings.get(locale);
  if (!wording) zodWordings.set(locale, (wording = (ZOD_LOCALES[locale] ?? z.locales.it)().localeError));
  return wording;
}

/** Renders a descriptor (and its values) in `i18n`'s language. */
export const render = (i18n: I18n, { descriptor, values }: IssueReason): string =>
  i18n._(descriptor.id, { ...descriptor.values, ...values }, { message: descriptor.message });

/**
 * An error map that writes every issue in the language of `i18n`, read when an issue is made: the API gives
 * one per request (`safeParse(value, { error: errorMapFor(i18n) })`); the web may set one for the page.
 */
export const errorMapFor =
  (i18n: I18n): z.core.$ZodErrorMap =>
  (issue) => {
    const reason = issueReason(issue);
    return reason ? render(i18n, reason) : zodWording(i18n.locale)(issue);
  };

/** Every issue in Italian, from the descriptors themselves (italian.ts): no catalogue to load. */
export const italianErrorMap: z.core.$ZodErrorMap = (issue) => {
  const reason = issueReason(issue);
  return reason ? italian(reason.descriptor, reason.values) : zodWording('it')(issue);
};

// Italian unless the caller configured otherwise: the web's forms and every parse outside a request (the
// API's responses, its configuration, a CSV import) say what they said before languages came.
if (!z.config().customError) z.config({ customError: italianErrorMap });

/**
 * Parses `value` with `schema` inside another schema (a transform that picks its schema by the value), and
 * raises the issues again on the outer parse as they were raised, so the outer caller's error map words them
 * in its language. The inner parse marks each issue with its index instead of wording it. A union inside
 * `schema` would keep those marks in its alternatives: use none there.
 */
export function parseWithin<S extends z.ZodType>(schema: S, value: unknown, context: z.core.$RefinementCtx): z.output<S> | typeof z.NEVER {
  const raised: z.core.$ZodRawIssue[] = [];
  const result = schema.safeParse(value, { error: (issue) => String(raised.push(issue) - 1) });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const raw = raised[Number(issue.message)];
    context.addIssue(raw ? { ...raw, path: issue.path } : { code: 'custom', message: issue.message, path: issue.path });
  }
  return z.NEVER;
}

/**
 * A NUL character is not text: PostgreSQL refuses it in every text column and pattern. Every string of
 * every contract refuses it here, once, with a field message.
 */
export const string = ((params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !value.includes('\u0000'), because(validationMessages.nul))) as typeof z.string;
