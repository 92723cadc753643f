import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

export const CONTACTS = {
  address: 'Spiaggia di fronte a Piazza Marconi, 47841 Cattolica (RN)',
  email: 'info@adriaticabeach.it',
  developerEmail: 'sviluppo@adriaticabeach.it',
};

const subscribeNever = () => () => {};
const currentYear = () => new Date().getFullYear();

export function Footer() {
  // None in the build's prerendered home page, which is hydrated later, maybe in another year: the
  // browser writes it in.
  const year = useSyncExternalStore(subscribeNever, currentYear, () => null);
  return (
    <footer className="mt-16 bg-sea-900 text-sea-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide">Seguici</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><a className="hover:underline" href="https://www.instagram.com/" rel="noopener noreferrer" target="_blank">Instagram</a></li>
            <li><a className="hover:underline" href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank">Facebook</a></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide">Link utili</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="hover:underline" to={paths.howItWorks}>Come funziona</Link></li>
            <li><Link className="hover:underline" to={paths.pricing}>Tariffe</Link></li>
            <li><Link className="hover:underline" to={paths.courtsMap}>Mappa dei campi</Link></li>
            <li><Link className="hover:underline" to={paths.register}>Registrati</Link></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide">Contatti</h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>{CONTACTS.address}</p>
            <p><a className="hover:underline" href={`mailto:${CONTACTS.email}`}>{CONTACTS.email}</a></p>
            <p>Sviluppo: <a className="hover:underline" href={`mailto:${CONTACTS.developerEmail}`}>{CONTACTS.developerEmail}</a></p>
          </address>
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-sea-100">© {year} Adriatica Beach Arena. Tutti i diritti riservati.</p>
    </footer>
  );
}
