// The open-matches feature's public face (docs/screens.md#features-and-their-public-faces): the panel the
// booking's payment page shows. Its list and match pages are routed by app/.
export { OpenMatchPanel } from './components/open-match-panel';
