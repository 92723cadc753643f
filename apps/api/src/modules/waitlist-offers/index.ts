// The waiting lists' offer engine, shared by the courts (bookings/slot-waitlist), the courses and camps
// (course-waitlist) and the tournaments (docs/domain.md#waitlist): a freed place offered to the first in
// line until a deadline, or given back. Each list keeps what an offer holds and how it lapses; none of them
// depends on another.
export { FIRST_IN_LINE, offerToFirstInLine } from './first-in-line.js';
export { offerExpiry } from './offer-expiry.js';
