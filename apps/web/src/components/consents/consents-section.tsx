// The consents part of /profilo: the optional consents for photos/videos and the newsletter, changed at
// any time (each change kept with its time, shown below), and the privacy notice accepted.
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../ui/alert';
import { Checkbox } from '../ui/field';
import { CardSection, ReadState } from '../ui/card-section';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-transport';
import { localizedTo } from '../../lib/i18n';
import { useMyConsents, useUpdateConsents } from '../../lib/consents';
import { ConsentHistory } from './consent-history';

export function ConsentsSection() {
  const { i18n, t } = useLingui();
  const consents = useMyConsents();
  const update = useUpdateConsents();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const current = consents.data;
  // Who consented for a child under 14, named in the sentence below.
  const { name: guardianName, fiscal_code: guardianCode } = current?.guardian ?? {};

  const change = async (consent: 'photos' | 'newsletter', granted: boolean) => {
    if (!current) return;
    setNotice(null);
    try {
      await update.mutateAsync({ photos: current.photos, newsletter: current.newsletter, [consent]: granted });
      setNotice({ tone: 'success', text: t`Consensi aggiornati.` });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : t`Consensi non aggiornati. Riprova più tardi.` });
    }
  };

  return (
    <CardSection titleId="consents-title">
      <div>
        <h2 id="consents-title" className="text-lg font-semibold">
          <Trans>Consensi</Trans>
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>
            Sono facoltativi e puoi cambiarli quando vuoi. Leggi l’
            <Link className="font-semibold text-sea-700 hover:underline" to={localizedTo(i18n.locale as Locale, paths.privacyNotice)}>
              informativa sulla privacy
            </Link>
            .
          </Trans>
        </p>
      </div>
      <ReadState read={consents} loading={t`Caricamento dei consensi...`} failed={t`Non è stato possibile leggere i consensi. Riprova più tardi.`} />
      {current && (
        <>
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          <div className="space-y-3">
            <Checkbox label={t`Acconsento alla pubblicazione di foto e video in cui compaio (sito e social del centro)`} checked={current.photos} disabled={update.isPending} onChange={(event) => void change('photos', event.target.checked)} />
            <Checkbox label={t`Voglio ricevere la newsletter con eventi, tornei e novità`} checked={current.newsletter} disabled={update.isPending} onChange={(event) => void change('newsletter', event.target.checked)} />
          </div>
          {current.guardian && (
            <p className="text-sm text-slate-600">
              <Trans>
                Consenso dato dal genitore o tutore {guardianName} ({guardianCode}).
              </Trans>
            </p>
          )}
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-700">
              <Trans>Storico dei consensi</Trans>
            </h3>
            <ConsentHistory history={current.history} />
          </div>
        </>
      )}
    </CardSection>
  );
}
