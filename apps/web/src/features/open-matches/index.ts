// The open-matches feature's public face (docs/screens.md#features-and-their-public-faces): the panel the
// booking's payment page shows, its way back to the match, and whether the booking is a match. Its list and match pages are routed by app/.
export { BackToMatch, OpenMatchPanel } from './components/open-match-panel';
export { useMatchOnBooking } from './api/open-matches';
