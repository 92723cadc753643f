import { BOOKING_PLAYER_STATUS_LABELS, SHARE_PAID_WITH_LABELS } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { expect, it } from 'vitest';
import { ORGANISER_PAID, PAID_BY_ORGANISER, PAID_BY_PLAYER, PLAYER_STATUS_NAMES } from './labels';

const sources = (table: Record<string, MessageDescriptor>) => Object.fromEntries(Object.entries(table).map(([code, label]) => [code, label.message]));
/** The Italian as the screens wrote it from the contracts' words: "in segreteria", otherwise "con carta". */
const how = (code: keyof typeof SHARE_PAID_WITH_LABELS) => (code === 'desk' ? SHARE_PAID_WITH_LABELS.desk : `con ${SHARE_PAID_WITH_LABELS[code]}`);
const each = (text: (code: keyof typeof SHARE_PAID_WITH_LABELS) => string) => Object.fromEntries(Object.keys(SHARE_PAID_WITH_LABELS).map((code) => [code, text(code as keyof typeof SHARE_PAID_WITH_LABELS)]));

// The macro keeps each message's Italian source outside production builds: it must be the contracts' text.
it('names a share’s status and payment with the contracts’ Italian, for every code', () => {
  expect(sources(PLAYER_STATUS_NAMES)).toEqual(BOOKING_PLAYER_STATUS_LABELS);
  expect(sources(PAID_BY_PLAYER)).toEqual(each((code) => `Pagata ${how(code)}`));
  expect(sources(PAID_BY_ORGANISER)).toEqual(each((code) => `Pagata dall’organizzatore ${how(code)}`));
  expect(sources(ORGANISER_PAID)).toEqual({ ...each((code) => `Pagata ${how(code)}`), credit_card: 'Pagata con credito e carta' });
});
