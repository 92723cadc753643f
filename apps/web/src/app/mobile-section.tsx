import { Link } from 'react-router-dom';

/** A titled list of links of the mobile menu. */
export function MobileSection({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div>
      <p className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
      <ul className="mt-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded-lg px-2 py-2 text-sm hover:bg-sea-50">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
