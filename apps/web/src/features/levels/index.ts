// Levels as other features show them (docs/screens.md#features-and-their-public-faces): the member's levels on /profilo.
export { LevelsSection } from './components/levels-section';
