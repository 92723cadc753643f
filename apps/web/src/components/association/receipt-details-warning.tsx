// Shown to admins on the association's screen and on the screens that issue receipts while the details
// a receipt must state (registered office, fiscal code, e-mail, signatory) are not all filled in.
import { missingReceiptDetails } from '@beach/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAssociation } from '../../lib/association';
import { Alert } from '../ui/alert';

export function ReceiptDetailsWarning({ linkToForm = true }: { linkToForm?: boolean }) {
  const association = useAssociation();
  const missing = association.data ? missingReceiptDetails(association.data) : [];
  if (missing.length === 0) return null;
  return (
    <Alert tone="warning" title="Dati dell’associazione incompleti: le ricevute sono emesse senza questi dati">
      Mancano: {missing.join(', ')}.{' '}
      {linkToForm ? (
        <Link to={paths.admin.association} className="font-semibold underline">
          Completa i dati dell’associazione
        </Link>
      ) : (
        'Completali qui sotto e salva.'
      )}
    </Alert>
  );
}
