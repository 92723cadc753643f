// The private-lessons feature as other features see it.
export { CoachLessonsPanel } from './components/coach-lessons-panel';
