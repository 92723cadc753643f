// A coach on a phone, in Chromium: signs in and lands on "Le mie lezioni", opens today's session, marks one
// participant present and another absent with a note, and finds it all saved after a reload; a child's
// health notes and the parent's phone are there to call; the list counts "Presenti" as the session does, a
// note saves on Enter with "Salvato", a future session's buttons look disabled, and /admin tells a coach
// where their page is. Screenshots at 390 and 1280 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, forgetSession, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ page: true });
const COACH = 'allenatore.e2e@demo.beach';
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
let courseId: number;
let courtId: number;
const sessionsByDay = new Map<string, Promise<{ sessionId: number; futureSessionId: number }>>();

beforeAll(async () => {
  const { db } = ctx.stack;
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const verified = { passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() };
  const coach = await db.user.create({ data: { firstName: 'Bianca', lastName: 'Muro', email: COACH, role: 'coach', ...verified } });
  const member = await db.user.create({ data: { firstName: 'Marta', lastName: 'Sabbia', email: 'marta.sabbia@e2e.test', phone: '+39 333 1112233', birthDate: new Date('1990-04-02'), ...verified } });
  const parent = await db.user.create({ data: { firstName: 'Paolo', lastName: 'Onda', email: 'paolo.onda@e2e.test', phone: '+39 333 4445566', ...verified } });
  const child = await db.child.create({ data: { parentId: parent.id, firstName: 'Leo', lastName: 'Onda', birthDate: new Date('2016-05-10'), healthNotes: 'Asma lieve: inalatore nello zaino', pickupPeople: 'La nonna Rosa' } });
  courtId = (await db.court.findUniqueOrThrow({ where: { code: 'D1' } })).id;
  const course = await db.course.create({
    data: {
      name: 'Minivolley e2e', level: 'Bambini', coachId: coach.id, startsOn: new Date(Date.now() - 30 * 86_400_000), endsOn: new Date(Date.now() + 60 * 86_400_000),
      recurrence: 'FREQ=WEEKLY;BYDAY=MO', startTime: '17:00', durationMinutes: 60, maxParticipants: 10, placesTaken: 2, priceCents: 12000, publishedAt: new Date(),
      courts: { create: [{ courtId }] },
    },
  });
  courseId = course.id;
  // Enrolled at the course's start: a whole-course place counts in the sessions after it was made.
  const enrolledAt = new Date(Date.now() - 30 * 86_400_000);
  const enrolled = { courseId, kind: 'course' as const, amountCents: 12000, status: 'confirmed' as const, confirmedAt: enrolledAt, createdAt: enrolledAt };
  await db.courseEnrolment.createMany({ data: [{ ...enrolled, userId: member.id }, { ...enrolled, userId: parent.id, childId: child.id }] });
});

/**
 * The course's session of today, starting this minute, and a future one two days later: made for the day in Rome a
 * test runs on (once a day), not the day the file loaded, so "today's sessions" are the coach's today even when the
 * file starts just before midnight and its tests run after it.
 */
function sessionsOfToday() {
  const day = romeToday();
  if (!sessionsByDay.has(day)) sessionsByDay.set(day, (async () => {
    const { db } = ctx.stack;
    const startsAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const session = await db.courseSession.create({ data: { courseId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) } });
    await db.courtClosure.create({ data: { courtId, startsAt: session.startsAt, endsAt: session.endsAt, reason: 'Corso: Minivolley e2e', courseSessionId: session.id } });
    const later = new Date(startsAt.getTime() + 2 * 86_400_000);
    const future = await db.courseSession.create({ data: { courseId, startsAt: later, endsAt: new Date(later.getTime() + 3_600_000) } });
    return { sessionId: session.id, futureSessionId: future.id };
  })());
  return sessionsByDay.get(day)!;
}

async function signIn(page: typeof ctx.page) {
  await forgetSession(page, ctx.stack.webUrl);
  await page.goto(`${ctx.stack.webUrl}/login`);
  await page.getByLabel('E-mail').fill(COACH);
  await page.getByLabel('Password').fill('Demo2026!');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('heading', { name: 'Le mie lezioni', level: 1 }).waitFor();
}

describe('a coach takes attendance on a phone', () => {
  it('lands on today’s sessions, marks present and absent with a note, and finds them saved', async () => {
    const { page } = ctx;
    const { sessionId } = await sessionsOfToday();
    await forgetSession(page, ctx.stack.webUrl);
    await page.setViewportSize(PHONE);
    await page.goto(`${ctx.stack.webUrl}/login`);
    await page.getByLabel('E-mail').fill(COACH);
    await page.getByLabel('Password').fill('Demo2026!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByRole('heading', { name: 'Le mie lezioni', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/allenatore');
    await page.getByRole('link', { name: /Minivolley e2e/ }).first().click();
    await page.waitForURL(new RegExp(`/allenatore/lezioni/${sessionId}$`));

    const leo = page.getByRole('listitem', { name: 'Leo Onda' });
    await leo.getByText('Asma lieve: inalatore nello zaino').waitFor();
    expect(await leo.getByRole('link', { name: /Genitore/ }).getAttribute('href')).toBe('tel:+393334445566');
    await leo.getByRole('button', { name: 'Presente' }).click();
    const marta = page.getByRole('listitem', { name: 'Marta Sabbia' });
    await marta.getByRole('button', { name: 'Assente' }).click();
    await marta.getByLabel('Nota').fill('Avvisato per la febbre');
    await marta.getByLabel('Nota').blur();
    await page.getByRole('status').filter({ hasText: 'Presenti 1 su 2' }).waitFor();
    await expect.poll(() => ctx.stack.db.courseAttendance.count({ where: { sessionId, note: 'Avvisato per la febbre', present: false } })).toBe(1);
    // Every tap target is big enough for a thumb.
    const box = await leo.getByRole('button', { name: 'Presente' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'school-coach-session-390');

    await page.reload();
    await marta.getByRole('button', { name: 'Assente', pressed: true }).waitFor();
    await leo.getByRole('button', { name: 'Presente', pressed: true }).waitFor();
    expect(await marta.getByLabel('Nota').inputValue()).toBe('Avvisato per la febbre');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'school-coach-session-1280');
    await page.goto(`${ctx.stack.webUrl}/allenatore`);
    // The list's count is the session's: 1 present of 2 (both recorded).
    await page.getByRole('link', { name: /Minivolley e2e/ }).first().getByText('Presenti 1 su 2').waitFor();
    await screenshot(page, 'school-coach-sessions-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'school-coach-sessions-390');
  });
});

describe('the coach’s note, future sessions and the back-office', () => {
  for (const [label, viewport] of [['390', PHONE], ['1280', DESKTOP]] as const) {
    it(`saves a note on Enter and says Salvato, greys out a future session’s buttons, and answers /admin with a link (${label} px)`, async () => {
      const { page } = ctx;
      const { sessionId, futureSessionId } = await sessionsOfToday();
      await page.setViewportSize(viewport);
      await signIn(page);
      await page.goto(`${ctx.stack.webUrl}/allenatore/lezioni/${sessionId}`);
      const marta = page.getByRole('listitem', { name: 'Marta Sabbia' });
      await marta.getByRole('button', { name: 'Assente' }).click();
      await marta.getByRole('status').filter({ hasText: 'Salvato' }).waitFor();
      const note = `Nota ${label}: ha portato il pallone`;
      await marta.getByLabel('Nota').fill(note);
      await marta.getByLabel('Nota').press('Enter');
      await marta.getByRole('status').filter({ hasText: 'Salvato' }).waitFor();
      await expect.poll(() => ctx.stack.db.courseAttendance.count({ where: { sessionId, note } })).toBe(1);
      await screenshot(page, `school-coach-note-saved-${label}`);

      await page.goto(`${ctx.stack.webUrl}/allenatore/lezioni/${futureSessionId}`);
      const present = page.getByRole('listitem', { name: 'Leo Onda' }).getByRole('button', { name: 'Presente' });
      await present.waitFor();
      expect(await present.isDisabled()).toBe(true);
      expect(await present.evaluate((button) => getComputedStyle(button).opacity)).toBe('0.5');
      expect(await present.evaluate((button) => getComputedStyle(button).cursor)).toBe('not-allowed');
      await screenshot(page, `school-coach-future-${label}`);

      await page.goto(`${ctx.stack.webUrl}/admin/users`);
      await page.getByRole('heading', { name: 'Pagina riservata alla segreteria', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/users');
      await page.getByRole('link', { name: 'Vai a Le mie lezioni' }).click();
      await page.getByRole('heading', { name: 'Le mie lezioni', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/allenatore');
    });
  }
});
