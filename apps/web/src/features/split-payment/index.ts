// The split-payment feature's public face (docs/screens.md#features-and-their-public-faces): what other
// features may show or call. Everything else in features/split-payment is its inside; its share page is
// routed by app/.
export { useBookingSplit } from './api/split-payment';
export { MyShares } from './components/my-shares';
export { PlayersPanel } from './components/players-panel';
