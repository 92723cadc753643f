// The carnets feature's public face (docs/screens.md#features-and-their-public-faces): what other features
// may show. Everything else in features/carnets is its inside.
export { CarnetsSection } from './components/carnets-section';
export { MemberCarnets } from './components/member-carnets';
export { PayWithCarnet } from './components/pay-with-carnet';
