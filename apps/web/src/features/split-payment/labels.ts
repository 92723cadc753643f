// How a share and its payment are named on screen (docs/domain.md#split-payment), in the page's language.
// The contracts' tables keep their Italian for the API: here each status and way of paying gets its message,
// whole sentences included ("Pagata dall’organizzatore con credito"), whose Italian is the contracts'
// words put together as before (labels.test.ts keeps them equal).
import type { TBookingPlayer, TBookingSplit } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

type SharePaidWith = NonNullable<TBookingPlayer['paid_with']>;

export const PLAYER_STATUS_NAMES: Record<TBookingPlayer['status'], MessageDescriptor> = {
  invited: msg`Da pagare`,
  paid: msg`Pagata`,
  dropped: msg`Ritirato`,
  charged_to_organiser: msg`A carico dell’organizzatore`,
};

/** A player's share paid by them. */
export const PAID_BY_PLAYER: Record<SharePaidWith, MessageDescriptor> = {
  card: msg`Pagata con carta`,
  credit: msg`Pagata con credito`,
  desk: msg`Pagata in segreteria`,
  carnet: msg`Pagata con carnet`,
};

/** A player's share charged to the organiser at the deadline, and paid by them. */
export const PAID_BY_ORGANISER: Record<SharePaidWith, MessageDescriptor> = {
  card: msg`Pagata dall’organizzatore con carta`,
  credit: msg`Pagata dall’organizzatore con credito`,
  desk: msg`Pagata dall’organizzatore in segreteria`,
  carnet: msg`Pagata dall’organizzatore con carnet`,
};

/** The organiser's own part. */
export const ORGANISER_PAID: Record<NonNullable<TBookingSplit['organiser_paid_with']>, MessageDescriptor> = {
  ...PAID_BY_PLAYER,
  credit_card: msg`Pagata con credito e carta`,
};
