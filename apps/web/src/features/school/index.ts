// The school feature's public face (docs/screens.md#features-and-their-public-faces): what other features
// may show. Everything else in features/school is its inside.
export { MyEnrolmentsSection } from './components/my-enrolments-section';
