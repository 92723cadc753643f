// The course form's values (text as typed, ids and days as lists) and how they become the request body.
import { moneyAsTyped } from '../../../lib/format';
import { type TCourse, type TCourseBody, type TCourseSchedule, z, ZCourseBody } from '@beach/contracts';

export const ZCourseForm = z.object({
  name: z.string(),
  level: z.string(),
  min_age: z.string(),
  max_age: z.string(),
  coach_id: z.string(),
  court_ids: z.array(z.number()),
  starts_on: z.string(),
  ends_on: z.string(),
  weekdays: z.array(z.number()),
  start_time: z.string(),
  duration_minutes: z.string(),
  exceptions: z.array(z.string()),
  min_participants: z.string(),
  max_participants: z.string(),
  price: z.string(),
  lesson_price: z.string(),
  trial_allowed: z.boolean(),
});
export type CourseForm = z.output<typeof ZCourseForm>;

export const courseBody = (form: CourseForm): TCourseBody => ({
  ...form,
  sport: 'beach_volley',
  level: form.level.trim() || null,
  min_age: form.min_age === '' ? null : form.min_age,
  max_age: form.max_age === '' ? null : form.max_age,
  coach_id: form.coach_id === '' ? null : Number(form.coach_id),
  lesson_price: form.lesson_price.trim() === '' ? null : form.lesson_price,
});

/** The form checked by the contract itself, so its Italian messages stand under the fields. */
export const ZCourseFormBody = ZCourseForm.transform(courseBody).pipe(ZCourseBody);

/** What the preview needs: the schedule, and the course being edited (its own sessions are no conflict). */
export const scheduleOf = (form: CourseForm, courseId: number | null): TCourseSchedule => ({
  court_ids: form.court_ids,
  starts_on: form.starts_on,
  ends_on: form.ends_on,
  weekdays: form.weekdays,
  start_time: form.start_time,
  duration_minutes: Number(form.duration_minutes),
  exceptions: form.exceptions,
  ...(courseId === null ? {} : { course_id: courseId }),
});

/** A new course: the D courts (the school's row), Tuesday and Thursday at 17:00 for 90 minutes. */
export const emptyCourseForm = (schoolCourtIds: number[]): CourseForm => ({
  name: '', level: '', min_age: '', max_age: '', coach_id: '', court_ids: schoolCourtIds, starts_on: '', ends_on: '', weekdays: [2, 4],
  start_time: '17:00', duration_minutes: '90', exceptions: [], min_participants: '1', max_participants: '12', price: '', lesson_price: '', trial_allowed: false,
});

export const courseForm = (course: TCourse): CourseForm => ({
  name: course.name,
  level: course.level ?? '',
  min_age: course.min_age === null ? '' : String(course.min_age),
  max_age: course.max_age === null ? '' : String(course.max_age),
  coach_id: course.coach ? String(course.coach.id) : '',
  court_ids: course.court_ids,
  starts_on: course.starts_on,
  ends_on: course.ends_on,
  weekdays: course.weekdays,
  start_time: course.start_time,
  duration_minutes: String(course.duration_minutes),
  exceptions: course.exceptions,
  min_participants: String(course.min_participants),
  max_participants: String(course.max_participants),
  price: moneyAsTyped(course.price),
  lesson_price: course.lesson_price === null ? '' : moneyAsTyped(course.lesson_price),
  trial_allowed: course.trial_allowed,
});
