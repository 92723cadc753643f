// /scuola (docs/school.md): the courses open to enrolment; a card opens the course's detail and the enrol action.
import type { TOpenCourse } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ReadState } from '../../../components/ui/card-section';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOpenCourses } from '../api/enrolments';
import { CourseCard } from '../components/course-card';
import { EnrolDialog } from '../components/enrol-dialog';

export default function SchoolPage() {
  const { t } = useLingui();
  usePageTitle(t`Scuola di beach volley`);
  const courses = useOpenCourses();
  const [open, setOpen] = useState<TOpenCourse | null>(null);
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold text-sea-900"><Trans>Scuola di beach volley</Trans></h1>
        <p className="mt-1 text-slate-600"><Trans>Corsi per adulti e ragazzi sui campi D, con i nostri allenatori.</Trans></p>
      </header>
      <ReadState read={courses} loading={t`Caricamento dei corsi...`} failed={t`Non è stato possibile leggere i corsi. Riprova più tardi.`} />
      {courses.data?.length === 0 && <Alert><Trans>Al momento non ci sono corsi aperti alle iscrizioni.</Trans></Alert>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {courses.data?.map((course) => <CourseCard key={course.id} course={course} onOpen={() => setOpen(course)} />)}
      </div>
      {open && <EnrolDialog course={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
