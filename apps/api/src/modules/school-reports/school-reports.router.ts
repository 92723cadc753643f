import { api } from '@beach/contracts';
import { sendCsv } from '../../lib/csv.js';
import { notFound } from '../../lib/errors.js';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { CoachingService } from '../coaching/index.js';
import type { SchoolReportsService } from './school-reports.service.js';
import { renderSignInSheet } from './sign-in-sheet.js';

export function registerSchoolReportsRoutes(mount: MountRoute, { schoolReports, coaching }: { schoolReports: SchoolReportsService; coaching: CoachingService }) {
  const routes = api.schoolReports;
  mount(routes.reportCsv, async ({ query }, { res }) => {
    sendCsv(res, `report-scuola-${query.date_from ?? 'tutto'}.csv`, await schoolReports.csv(query));
  });
  mount(routes.report, ({ query }) => schoolReports.report(query));

  /** The session as its viewer reaches it (a coach only their own: another's is not found), printed. */
  const sendSheet = async (sessionId: number, courseId: number | null, { req, res }: Parameters<Parameters<MountRoute>[1]>[1]) => {
    const { session, participants } = await coaching.session(authOf(req).user, sessionId);
    if (courseId !== null && session.course.id !== courseId) throw notFound();
    const day = session.starts_at.slice(0, 10);
    res.type('application/pdf').attachment(`foglio-presenze-${day}-${session.id}.pdf`).set('Cache-Control', 'private, no-store').send(await renderSignInSheet(session, participants));
  };
  mount(routes.signInSheet, ({ params }, context) => sendSheet(params.session_id, params.id, context));
  mount(routes.coachSignInSheet, ({ params }, context) => sendSheet(params.id, null, context));
}
