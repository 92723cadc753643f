// The consents part of /profilo: the optional consents for photos/videos and the newsletter, changed at
// any time (each change kept with its time, shown below), and the privacy notice accepted.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../ui/alert';
import { Checkbox } from '../ui/field';
import { CardSection, ReadState } from '../ui/card-section';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-transport';
import { useMyConsents, useUpdateConsents } from '../../lib/consents';
import { ConsentHistory } from './consent-history';

export function ConsentsSection() {
  const consents = useMyConsents();
  const update = useUpdateConsents();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const current = consents.data;

  const change = async (consent: 'photos' | 'newsletter', granted: boolean) => {
    if (!current) return;
    setNotice(null);
    try {
      await update.mutateAsync({ photos: current.photos, newsletter: current.newsletter, [consent]: granted });
      setNotice({ tone: 'success', text: 'Consensi aggiornati.' });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : 'Consensi non aggiornati. Riprova più tardi.' });
    }
  };

  return (
    <CardSection titleId="consents-title">
      <div>
        <h2 id="consents-title" className="text-lg font-semibold">Consensi</h2>
        <p className="mt-1 text-sm text-slate-600">
          Sono facoltativi e puoi cambiarli quando vuoi. Leggi l’<Link className="font-semibold text-sea-700 hover:underline" to={paths.privacyNotice}>informativa sulla privacy</Link>.
        </p>
      </div>
      <ReadState read={consents} loading="Caricamento dei consensi..." failed="Non è stato possibile leggere i consensi. Riprova più tardi." />
      {current && (
        <>
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          <div className="space-y-3">
            <Checkbox label="Acconsento alla pubblicazione di foto e video in cui compaio (sito e social del centro)" checked={current.photos} disabled={update.isPending} onChange={(event) => void change('photos', event.target.checked)} />
            <Checkbox label="Voglio ricevere la newsletter con eventi, tornei e novità" checked={current.newsletter} disabled={update.isPending} onChange={(event) => void change('newsletter', event.target.checked)} />
          </div>
          {current.guardian && (
            <p className="text-sm text-slate-600">
              Consenso dato dal genitore o tutore {current.guardian.name} ({current.guardian.fiscal_code}).
            </p>
          )}
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-700">Storico dei consensi</h3>
            <ConsentHistory history={current.history} />
          </div>
        </>
      )}
    </CardSection>
  );
}
