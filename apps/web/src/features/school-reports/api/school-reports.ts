// Calls for the school's reports: the report of a filter, its CSV, and a session's sign-in sheet (PDF) —
// printed by the staff from a course, by a coach from their own session.
import type { TSchoolReportQuery } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, downloadFile } from '../../../lib/api-client';

/** School reports' cache keys: no other feature reads or invalidates them. */
const reportKeys = { report: (query: TSchoolReportQuery) => ['school-reports', 'report', query] as const };

export const useSchoolReport = (query: TSchoolReportQuery) =>
  useQuery({ queryKey: reportKeys.report(query), queryFn: () => callApi(api.schoolReports.report, { query }), placeholderData: keepPreviousData, staleTime: 0 });

export const exportSchoolReport = (query: TSchoolReportQuery) => downloadFile(api.schoolReports.reportCsv, { query }, `report-scuola-${query.date_from || 'tutto'}.csv`);

/** The sheet of a session: through the course for the staff, through the session for a coach (their own only). */
export const downloadSignInSheet = (session: { id: number; courseId: number | null }) =>
  session.courseId === null
    ? downloadFile(api.schoolReports.coachSignInSheet, { params: { id: session.id } }, `foglio-presenze-${session.id}.pdf`)
    : downloadFile(api.schoolReports.signInSheet, { params: { id: session.courseId, session_id: session.id } }, `foglio-presenze-${session.id}.pdf`);
