import type { Locale } from '@beach/i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { localizedTo } from '../lib/i18n';

export const CONTACTS = {
  address: msg`Spiaggia di fronte a Piazza Marconi, 47841 Cattolica (RN)`,
  email: 'info@adriaticabeach.it',
  developerEmail: 'sviluppo@adriaticabeach.it',
};

const subscribeNever = () => () => {};
const currentYear = () => new Date().getFullYear();

export function Footer() {
  // None in the build's prerendered home page, which is hydrated later, maybe in another year: the
  // browser writes it in.
  const year = useSyncExternalStore(subscribeNever, currentYear, () => null);
  const { i18n } = useLingui();
  const to = (address: string) => localizedTo(i18n.locale as Locale, address);
  const { developerEmail } = CONTACTS;
  return (
    <footer className="mt-16 bg-sea-900 text-sea-50 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide"><Trans>Seguici</Trans></h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><a className="hover:underline" href="https://www.instagram.com/" rel="noopener noreferrer" target="_blank">Instagram</a></li>
            <li><a className="hover:underline" href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank">Facebook</a></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide"><Trans>Link utili</Trans></h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="hover:underline" to={to(paths.howItWorks)}><Trans>Come funziona</Trans></Link></li>
            <li><Link className="hover:underline" to={to(paths.pricing)}><Trans>Tariffe</Trans></Link></li>
            <li><Link className="hover:underline" to={to(paths.courtsMap)}><Trans>Mappa dei campi</Trans></Link></li>
            <li><Link className="hover:underline" to={to(paths.school)}><Trans>Scuola di beach volley</Trans></Link></li>
            <li><Link className="hover:underline" to={to(paths.tournaments)}><Trans>Tornei</Trans></Link></li>
            <li><Link className="hover:underline" to={to(paths.register)}><Trans>Registrati</Trans></Link></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide"><Trans>Contatti</Trans></h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>{i18n._(CONTACTS.address)}</p>
            <p><a className="hover:underline" href={`mailto:${CONTACTS.email}`}>{CONTACTS.email}</a></p>
            <p>
              <Trans>
                Sviluppo: <a className="hover:underline" href={`mailto:${developerEmail}`}>{developerEmail}</a>
              </Trans>
            </p>
          </address>
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-sea-100">
        <Trans>© {year} Adriatica Beach Arena. Tutti i diritti riservati.</Trans>
      </p>
    </footer>
  );
}
