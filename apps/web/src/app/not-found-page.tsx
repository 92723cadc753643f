import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Pagina non trovata');
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-sea-900">Pagina non trovata</h1>
      <p className="mt-4 text-slate-600">L’indirizzo che hai aperto non esiste o è stato spostato.</p>
      <Link to={paths.home} className="mt-6 inline-block font-semibold text-sea-700 hover:underline">
        Torna alla home
      </Link>
    </section>
  );
}
