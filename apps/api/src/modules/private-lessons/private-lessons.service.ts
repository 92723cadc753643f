// Private and small-group lessons (docs/school.md#private-lessons): the coach's slots and the members' booking.
import type { AppDeps } from '../../deps.js';
import { createBookLesson } from './book-lesson.js';
import { createCoachSlots } from './coach-slots.js';

export function createPrivateLessonsService(deps: Pick<AppDeps, 'db' | 'stripe'>) {
  const slots = createCoachSlots(deps);
  const members = createBookLesson(deps);
  return { coachSlots: slots.list, publish: slots.publish, withdraw: slots.withdraw, open: members.open, book: members.book };
}

export type PrivateLessonsService = ReturnType<typeof createPrivateLessonsService>;
