// The cash book feature's public face (docs/screens.md#features-and-their-public-faces): what other features
// may show. Everything else in features/cash-book is its inside.
export { TillCountCard } from './components/till-count-card';
