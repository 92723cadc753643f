// The children feature's public face (docs/screens.md#features-and-their-public-faces): what other features
// may show. Everything else in features/children is its inside.
export { ChildrenSection } from './components/children-section';
export { useMemberChildren } from './api/children';
