// /admin/membership-editor (admins): a new card made at the desk, or `?id=` to correct one.
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { paths } from '../../../config/paths';
import { DeskMembershipForm } from '../components/desk-membership-form';
import { EditMembershipForm } from '../components/edit-membership-form';

export default function MembershipEditorPage() {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  usePageTitle(editing ? 'Modifica tessera' : 'Nuova tessera');
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <Link to={paths.admin.memberships} className="inline-flex items-center gap-1 text-sm font-medium text-sea-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Gestione Tesseramenti
      </Link>
      <header>
        <h1 className="text-3xl font-bold text-sea-900">{editing ? 'Modifica tessera' : 'Nuova tessera'}</h1>
        <p className="mt-1 text-slate-600">
          {editing ? 'Correggi tipo, date, codice fiscale, assicurazione e note: le modifiche restano nel registro.' : 'Tessera fatta in segreteria: attiva subito, con il pagamento registrato.'}
        </p>
      </header>
      {editing ? <EditMembershipForm key={id} id={id} /> : <DeskMembershipForm />}
    </div>
  );
}
