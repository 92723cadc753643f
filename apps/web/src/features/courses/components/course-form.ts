// The course form's values (text as typed, ids and days as lists) and how they become the request body.
import { moneyAsTyped } from '../../../lib/format';
import { type TCourse, type TCourseBody, type TCourseOffer, type TCourseSchedule, z, ZCourseBody, ZCourseOffer } from '@beach/contracts';

const ZBandForm = z.object({ min_age: z.string(), max_age: z.string(), capacity: z.string() });
export type BandForm = z.output<typeof ZBandForm>;

export const ZCourseForm = z.object({
  offer: ZCourseOffer,
  name: z.string(),
  title_de: z.string(),
  title_en: z.string(),
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
  bands: z.array(ZBandForm),
  deposit: z.string(),
  balance_due_on: z.string(),
  sibling_discount_percent: z.string(),
  late_fee: z.string(),
  late_fee_from: z.string(),
  minimum_check_on: z.string(),
  instalment_dates: z.array(z.string()),
});
export type CourseForm = z.output<typeof ZCourseForm>;

export const courseBody = (form: CourseForm): TCourseBody => ({
  ...form,
  sport: 'beach_volley',
  title_de: form.title_de.trim() || null,
  title_en: form.title_en.trim() || null,
  level: form.level.trim() || null,
  min_age: form.min_age === '' ? null : form.min_age,
  max_age: form.max_age === '' ? null : form.max_age,
  coach_id: form.coach_id === '' ? null : Number(form.coach_id),
  lesson_price: form.lesson_price.trim() === '' ? null : form.lesson_price,
  // A camp's places are its bands' (the contract sums them; this keeps the minimum's check meaningful).
  max_participants: form.offer === 'camp' ? String(form.bands.reduce((sum, band) => sum + (Number(band.capacity) || 0), 0)) : form.max_participants,
  bands: form.offer === 'camp' ? form.bands : [],
  deposit: form.deposit.trim() === '' ? null : form.deposit,
  balance_due_on: form.balance_due_on || null,
  late_fee: form.late_fee.trim() === '' ? 0 : form.late_fee,
  late_fee_from: form.late_fee_from || null,
  minimum_check_on: form.minimum_check_on || null,
  instalment_dates: form.offer === 'camp' ? [] : form.instalment_dates,
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

/** A camp's usual bands: 6–10 and 11–14 years. */
export const DEFAULT_CAMP_BANDS: BandForm[] = [
  { min_age: '6', max_age: '10', capacity: '20' },
  { min_age: '11', max_age: '14', capacity: '16' },
];

/** A new course: the D courts (the school's row), Tuesday and Thursday at 17:00 for 90 minutes. */
export const emptyCourseForm = (schoolCourtIds: number[]): CourseForm => ({
  offer: 'course', name: '', title_de: '', title_en: '', level: '', min_age: '', max_age: '', coach_id: '', court_ids: schoolCourtIds, starts_on: '', ends_on: '', weekdays: [2, 4],
  start_time: '17:00', duration_minutes: '90', exceptions: [], min_participants: '1', max_participants: '12', price: '', lesson_price: '', trial_allowed: false,
  bands: [], deposit: '', balance_due_on: '', sibling_discount_percent: '0', late_fee: '', late_fee_from: '', minimum_check_on: '', instalment_dates: [],
});

/** The schedule and terms a new form of this offer starts from: a camp week Monday to Friday 09:00–17:00 on the D courts, its usual bands. */
export function offerDefaults(offer: TCourseOffer, schoolCourtIds: number[]): Partial<CourseForm> {
  if (offer === 'course') return { offer, weekdays: [2, 4], start_time: '17:00', duration_minutes: '90', min_participants: '1', bands: [], sibling_discount_percent: '0' };
  return { offer, court_ids: schoolCourtIds, weekdays: [1, 2, 3, 4, 5], start_time: '09:00', duration_minutes: '480', min_participants: '8', bands: DEFAULT_CAMP_BANDS, sibling_discount_percent: '10', lesson_price: '', trial_allowed: false, instalment_dates: [] };
}

export const courseForm = (course: TCourse): CourseForm => ({
  offer: course.offer,
  name: course.name,
  title_de: course.title_de ?? '',
  title_en: course.title_en ?? '',
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
  bands: course.bands.map((band) => ({ min_age: String(band.min_age), max_age: String(band.max_age), capacity: String(band.capacity) })),
  deposit: course.deposit === null ? '' : moneyAsTyped(course.deposit),
  balance_due_on: course.balance_due_on ?? '',
  sibling_discount_percent: String(course.sibling_discount_percent),
  late_fee: course.late_fee === '0.00' ? '' : moneyAsTyped(course.late_fee),
  late_fee_from: course.late_fee_from ?? '',
  minimum_check_on: course.minimum_check_on ?? '',
  instalment_dates: course.instalment_dates,
});
