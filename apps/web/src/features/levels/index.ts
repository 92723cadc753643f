// Levels as other features show them (docs/screens.md#features-and-their-public-faces): the member's levels on /profilo,
// the questionnaire a match page asks first, and the cache key a result that moves levels refreshes.
export { LevelsSection } from './components/levels-section';
export { FirstLevelDialog } from './components/first-level-dialog';
export { levelKeys, useMyLevels } from './api/levels';
