// Coaching (docs/school.md#coaches): a coach's sessions, their participants and the attendance taken.
import type { AppDeps } from '../../deps.js';
import { createCoachSessions } from './coach-sessions.js';
import { createTakeAttendance } from './take-attendance.js';

export function createCoachingService(deps: Pick<AppDeps, 'db' | 'config'>) {
  const sessions = createCoachSessions(deps);
  return { sessions: sessions.list, session: sessions.detail, ...createTakeAttendance(deps, sessions) };
}

export type CoachingService = ReturnType<typeof createCoachingService>;
