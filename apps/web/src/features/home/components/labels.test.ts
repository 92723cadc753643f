import { BOOKING_COUPON_BAND_LABELS, USAGE_RULES, type TBookingCouponBand } from '@beach/contracts';
import { expect, it } from 'vitest';
import { USAGE_RULE_MESSAGES } from './how-it-works';
import { BAND_IN_LINE } from './pricing-tables';

// The macro keeps each message's Italian source outside production builds: it must be the contract's text.
it('gives the centre’s rules the contract’s Italian, in its order', () => {
  expect(USAGE_RULE_MESSAGES.map((rule) => rule.message)).toEqual([...USAGE_RULES]);
});

it('names a carnet’s band in its line as the contract does, in lower case ("ogni fascia" for any)', () => {
  const inLine = (band: TBookingCouponBand) => (band === 'any' ? 'ogni fascia' : BOOKING_COUPON_BAND_LABELS[band].toLowerCase());
  expect(Object.fromEntries(Object.entries(BAND_IN_LINE).map(([band, label]) => [band, label.message]))).toEqual(
    Object.fromEntries(Object.keys(BOOKING_COUPON_BAND_LABELS).map((band) => [band, inLine(band as TBookingCouponBand)])),
  );
});
