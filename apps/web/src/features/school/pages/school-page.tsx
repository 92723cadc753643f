// /scuola (docs/school.md): the courses open to enrolment, and apart the summer camp weeks in date order
// (docs/school.md#camps); a card opens the course's or the camp's detail and the enrol action.
import type { TOpenCourse } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { ReadState } from '../../../components/ui/card-section';
import { paths } from '../../../config/paths';
import { localizedTo } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOpenCourses } from '../api/enrolments';
import { CampCard } from '../components/camp-card';
import { CampDialog } from '../components/camp-dialog';
import { CourseCard } from '../components/course-card';
import { EnrolDialog } from '../components/enrol-dialog';

export default function SchoolPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Scuola di beach volley`);
  const courses = useOpenCourses();
  // Kept by id: the dialog shows the course as last read, its places refreshed after an enrolment.
  const [openId, setOpenId] = useState<number | null>(null);
  const open = courses.data?.find((course) => course.id === openId) ?? null;
  const setOpen = (course: TOpenCourse | null) => setOpenId(course?.id ?? null);
  const camps = (courses.data ?? []).filter((course) => course.offer === 'camp').sort((a, b) => a.starts_on.localeCompare(b.starts_on));
  const seasonCourses = (courses.data ?? []).filter((course) => course.offer === 'course');
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold text-sea-900"><Trans>Scuola di beach volley</Trans></h1>
        <p className="mt-1 text-slate-600"><Trans>Corsi per adulti e ragazzi sui campi D, con i nostri allenatori.</Trans></p>
        <Link to={localizedTo(i18n.locale as Locale, paths.privateLessons)} className="mt-2 inline-flex min-h-11 items-center font-semibold text-sea-700 underline hover:text-sea-900">
          <Trans>Lezioni private e di gruppo con un allenatore</Trans>
        </Link>
      </header>
      <ReadState read={courses} loading={t`Caricamento dei corsi...`} failed={t`Non è stato possibile leggere i corsi. Riprova più tardi.`} />
      {courses.data?.length === 0 && <Alert><Trans>Al momento non ci sono corsi aperti alle iscrizioni.</Trans></Alert>}
      {/* Only what there is: an empty grid would leave a gap above the camps. */}
      {seasonCourses.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {seasonCourses.map((course) => <CourseCard key={course.id} course={course} onOpen={() => setOpen(course)} />)}
        </div>
      )}
      {camps.length > 0 && (
        <section aria-labelledby="camps-heading" className="space-y-4 pt-4">
          <header>
            <h2 id="camps-heading" className="text-2xl font-bold text-sea-900"><Trans>Centri estivi</Trans></h2>
            <p className="mt-1 text-slate-600"><Trans>Settimane dal lunedì al venerdì per bambini e ragazzi, divisi per fasce d’età.</Trans></p>
          </header>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {camps.map((camp) => <CampCard key={camp.id} course={camp} onOpen={() => setOpen(camp)} />)}
          </div>
        </section>
      )}
      {open && (open.offer === 'camp' ? <CampDialog course={open} onClose={() => setOpen(null)} /> : <EnrolDialog course={open} onClose={() => setOpen(null)} />)}
    </section>
  );
}
