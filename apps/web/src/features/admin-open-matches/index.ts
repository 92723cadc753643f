// Open matches at the desk (docs/open-matches.md#the-desk), back-office only: the planner's fill state of
// each match and the booking details' section that adds a walk-in player.
export { useDeskMatches } from './api/desk-matches';
export { fillStateOf, MatchDeskSection, shortFillStateOf } from './components/match-desk-section';
