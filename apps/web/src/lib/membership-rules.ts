// Which choices a membership card offers by type, shared by the member's form and the desk's.
import { PERIOD_DAYS, PRICE_INFO, type TMembershipType, type TPriceCode } from '@beach/contracts';

export const priceCodeOf = (type: TMembershipType): TPriceCode => `membership_${type}`;

/** Monthly, weekly and daily cards start on a day the member picks; the others follow the season. */
export const needsStartDate = (type: string) => Object.hasOwn(PERIOD_DAYS, type);

/** BVU course members get the BVU seasonal price (insurance included) on a seasonal card. */
export const offersBvu = (type: string) => type === 'seasonal';

/** The insurance add-on is for seasonal, under-23 and under-18 cards; the rest include it. */
export const offersInsurance = (type: TMembershipType, bvu: boolean) =>
  PRICE_INFO[priceCodeOf(type)].insuranceIncluded === false && !(bvu && offersBvu(type));
