// The bookings feature's public face (docs/screens.md#features-and-their-public-faces): what other features
// may show. Everything else in features/bookings is its inside.
export { SPORT_NAMES } from './labels';
