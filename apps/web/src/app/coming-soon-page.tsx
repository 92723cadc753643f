// The screens whose contents the specification does not show yet: reachable, guarded, titled.
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from './use-page-title';

export default function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-sea-900">{title}</h1>
      <p className="mt-4 text-slate-600">Questa sezione è in preparazione e sarà disponibile a breve.</p>
      <Link to={paths.home} className="mt-6 inline-block font-semibold text-sea-700 hover:underline">
        Torna alla home
      </Link>
    </section>
  );
}
