// Whole numbers a request sends (docs/domain.md#request-input). Every integer column is PostgreSQL's `integer`, so a number beyond it is
// refused here with the field's message, never sent to the database (where it would fail as a 500).
import type { MessageDescriptor } from '@lingui/core';
import { validationMessages } from './messages.js';
import * as z from './zod-i18n.js';

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** A message per check, where they differ: not a number, not whole, below `min`, above `max` (given as {min} and {max}). */
export interface IntegerMessages {
  number: MessageDescriptor;
  whole?: MessageDescriptor;
  min?: MessageDescriptor;
  max?: MessageDescriptor;
}

export interface IntegerBounds {
  min?: number;
  max?: number;
}

function bounded<Number extends z.ZodNumber | z.ZodCoercedNumber>(number: Number, messages: IntegerMessages, { min, max }: IntegerBounds): Number {
  return number
    .int(z.because(messages.whole ?? messages.number))
    .min(min ?? INT4_MIN, min === undefined ? z.because(validationMessages.atLeast, { min: INT4_MIN }) : z.because(messages.min ?? messages.number, { min }))
    .max(Math.min(max ?? INT4_MAX, INT4_MAX), max === undefined ? z.because(validationMessages.atMost, { max: INT4_MAX }) : z.because(messages.max ?? messages.number, { max })) as Number;
}

const messagesOf = (message: MessageDescriptor | IntegerMessages): IntegerMessages => ('number' in message ? message : { number: message });

/** A whole number in a JSON body, within `bounds` and always within an `integer` column. */
export const zInt = (message: MessageDescriptor | IntegerMessages, bounds: IntegerBounds = {}) => bounded(z.number(z.because(messagesOf(message).number)), messagesOf(message), bounds);

/** The same sent as text (a query string, a form field): coerced to a number first. */
export const zTextInt = (message: MessageDescriptor | IntegerMessages, bounds: IntegerBounds = {}) =>
  bounded(z.coerce.number(z.because(messagesOf(message).number)), messagesOf(message), bounds);
