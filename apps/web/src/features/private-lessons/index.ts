// The private-lessons feature as other features see it: the coach's panel on /allenatore (coaching) uses its calls.
export { useCoachLessonSlots, usePublishLessonSlot, useSchoolCourts, useWithdrawLessonSlot } from './api/private-lessons';
