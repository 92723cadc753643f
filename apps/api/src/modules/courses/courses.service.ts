// The school's courses for the back office: read by staff, written by the admin (docs/school.md#sessions).
import type { BodyOf, QueryOf } from '@beach/contracts';
import type { Db } from '../../lib/db.js';
import { listCourses } from './course-list.js';
import { occurrenceOnWire, occurrencesOf, refuseAllPast } from './course-conflicts.js';
import { type CourseEnrolments, createCourseStates, type Routes, type SessionEnrolments } from './course-states.js';
import { courseDetail } from './course-view.js';
import { createCourseSaving } from './save-course.js';
import { createSessionMove } from './course-session-move.js';

export function createCoursesService({ db }: { db: Db }, sessionEnrolments: SessionEnrolments, courseEnrolments: CourseEnrolments) {
  return {
    ...createCourseSaving({ db }),
    ...createCourseStates({ db }, sessionEnrolments, courseEnrolments),
    ...createSessionMove({ db }, sessionEnrolments),

    list: (query: QueryOf<Routes['list']>) => listCourses(db, query),

    one: (id: number) => courseDetail(db, id),

    async coaches() {
      const coaches = await db.user.findMany({ where: { role: 'coach' }, select: { id: true, firstName: true, lastName: true }, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }] });
      return { data: coaches.map((coach) => ({ id: coach.id, name: `${coach.firstName} ${coach.lastName}` })) };
    },

    async preview(body: BodyOf<Routes['preview']>) {
      const occurrences = await occurrencesOf(db, body, body.court_ids, body.course_id ?? null, new Date());
      refuseAllPast(occurrences);
      const free = occurrences.filter((occurrence) => occurrence.state === 'free').length;
      return { occurrences: occurrences.map(occurrenceOnWire), free, skipped: occurrences.length - free };
    },
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
