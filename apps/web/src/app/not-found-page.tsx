import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { localizedTo } from '../lib/i18n';
import { usePageTitle } from '../lib/use-page-title';

export default function NotFoundPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Pagina non trovata`);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-sea-900">
        <Trans>Pagina non trovata</Trans>
      </h1>
      <p className="mt-4 text-slate-600">
        <Trans>L’indirizzo che hai aperto non esiste o è stato spostato.</Trans>
      </p>
      <Link to={localizedTo(i18n.locale as Locale, paths.home)} className="mt-6 inline-block font-semibold text-sea-700 hover:underline">
        <Trans>Torna alla home</Trans>
      </Link>
    </section>
  );
}
