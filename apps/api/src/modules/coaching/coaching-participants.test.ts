// Who takes part in a session, as the coach sees it: a whole-course enrolment only in the sessions that
// start after it was made (the enrolments' live predicate otherwise).
import { describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { createMember } from '../../test/members.js';
import { createCoach, createCourse, enrol, participantsSeenBy } from './coaching.fixtures.js';

const { app, db } = await useTestApp();
const logins = useBackOfficeLogins(app);

describe('a whole-course enrolment', () => {
  it('takes part in the sessions starting after it was made, not in earlier ones', async () => {
    const today = todayInRome();
    const coach = await createCoach(app, db, 'Tre');
    const { course, sessions } = await createCourse(db, coach.id, [addDays(today, -2), addDays(today, 2)], 'Tardivi');
    const late = await createMember(db, { firstName: 'Lia', lastName: 'Tardi' });
    await enrol(db, { courseId: course.id, userId: late.id, createdAt: new Date() });
    const names = async (sessionId: number) => (await participantsSeenBy(app, logins.staff, sessionId)).participants.map((row: { name: string }) => row.name);
    expect(await names(sessions[0]!.id)).toEqual([]);
    expect(await names(sessions[1]!.id)).toEqual(['Lia Tardi']);
  });
});
