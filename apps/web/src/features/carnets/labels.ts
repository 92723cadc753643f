// The contracts' carnet tables (what one use pays, the bookings a carnet covers), in the page's language.
// The contracts keep their Italian for the API; each code gets its message here, with that very Italian as
// its source (labels.test.ts keeps the two equal).
import type { CARNET_COVERS, TBookingCouponBand } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

type Cover = (typeof CARNET_COVERS)[number];

export const CARNET_COVER_LABELS: Record<Cover, MessageDescriptor> = { share: msg`La quota di chi prenota`, court: msg`Tutto il campo (tutti i giocatori)` };

/** "un ingresso paga …" in a sentence: its own message, as German keeps its nouns' capitals where Italian lowers the label. */
export const USE_PAYS: Record<Cover, MessageDescriptor> = {
  share: msg`un ingresso paga la quota di chi prenota`,
  court: msg`un ingresso paga tutto il campo (tutti i giocatori)`,
};

/** The bookings a carnet covers, by time band. */
export const BAND_LABELS: Record<TBookingCouponBand, MessageDescriptor> = {
  day: msg`Fascia diurna`,
  evening: msg`Fascia serale`,
  full_day: msg`Giornata intera`,
  any: msg`Qualsiasi`,
};
