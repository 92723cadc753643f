// A coach who opened a back-office address (Italian only, like the coach's screens): told the page is
// the staff's, with a link to their own sessions, not sent home without a word (docs/screens.md#routes-and-guards).
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';

export function CoachNotHere() {
  usePageTitle('Pagina riservata alla segreteria');
  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold text-sea-900">Pagina riservata alla segreteria</h1>
      <p className="text-slate-700">Questa pagina è per lo staff e gli amministratori del circolo. Le tue lezioni e le presenze sono in «Le mie lezioni».</p>
      <Link to={paths.coach.sessions} className="inline-flex min-h-11 items-center rounded-lg bg-sea-700 px-4 font-semibold text-white hover:bg-sea-800">
        Vai a Le mie lezioni
      </Link>
    </section>
  );
}
