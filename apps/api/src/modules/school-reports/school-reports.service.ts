// The school's reports (docs/school.md#receipts-and-reports); the sign-in sheet reads its session through coaching.
import type { AppDeps } from '../../deps.js';
import { createSchoolReport } from './school-report.js';

export const createSchoolReportsService = (deps: Pick<AppDeps, 'db'>) => createSchoolReport(deps);

export type SchoolReportsService = ReturnType<typeof createSchoolReportsService>;
