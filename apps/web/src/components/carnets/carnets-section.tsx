// The carnets part of /profilo: the member's carnets with the uses left.
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { useMyCarnets } from '../../lib/carnets';
import { CarnetList } from './carnet-list';

export function CarnetsSection() {
  const carnets = useMyCarnets();
  return (
    <section aria-labelledby="carnets-title" className="space-y-4 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      <h2 id="carnets-title" className="text-lg font-semibold">I miei carnet</h2>
      {carnets.isPending && <Spinner label="Caricamento dei carnet..." />}
      {carnets.isError && <Alert tone="error">Non è stato possibile leggere i carnet. Riprova più tardi.</Alert>}
      {carnets.data && <CarnetList carnets={carnets.data} />}
    </section>
  );
}
