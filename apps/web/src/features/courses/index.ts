// The courses feature's public face (docs/screens.md#features-and-their-public-faces): what other features
// may call. Everything else in features/courses is its inside.
export { useCoaches } from './api/courses';
