// The school-reports feature's public face (docs/screens.md#features-and-their-public-faces): what other
// features may use. Everything else in features/school-reports is its inside.
export { SignInSheetButton } from './sign-in-sheet-button';
