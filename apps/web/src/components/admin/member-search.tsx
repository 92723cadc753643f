// Finding a member at the desk by name, e-mail or fiscal code (desk cards, desk bookings).
import type { TMemberSearchResult } from '@beach/contracts';
import { api } from '../../lib/api-routes';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import Search from 'lucide-react/icons/search';
import { callApi } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { formatDate } from '../../lib/format';
import { Alert } from '../ui/alert';
import { Input } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { useDebouncedSearch } from './use-debounced-search';

/** Members matching `q` (at least 2 characters; the caller debounces). */
export const useMemberSearch = (q: string) =>
  useQuery({ queryKey: ['admin-users', 'search', q], queryFn: async () => (await callApi(api.users.search, { query: { q } })).data, enabled: q.length >= 2 });

export function MemberSearch({ onPick }: { onPick: (member: TMemberSearchResult) => void }) {
  const { t } = useLingui();
  const { text, setText, search } = useDebouncedSearch();
  const results = useMemberSearch(search);
  const detailsOf = (member: TMemberSearchResult) => {
    const born = member.birth_date ? formatDate(member.birth_date) : null;
    const card = member.membership_number;
    return [born && t`nato/a il ${born}`, card && t`tessera ${card}`, member.fiscal_code].filter(Boolean);
  };
  return (
    <div className="space-y-2">
      <div className="relative">
        <Input type="search" label={t`Cerca tesserato`} placeholder={t`Nome, e-mail o codice fiscale`} value={text} onChange={(event) => setText(event.target.value)} className="pl-9" autoComplete="off" hint={t`Almeno 2 caratteri.`} />
        <Search aria-hidden="true" className="pointer-events-none absolute top-9 left-3 h-4 w-4 text-slate-400" />
      </div>
      {results.isFetching && <Spinner size="sm" label={t`Ricerca...`} />}
      {/* The real cause (no right, no connection), never the length hint again. */}
      {results.isError && <Alert tone="error">{serverMessage(results.error) ?? t`Non è stato possibile cercare i tesserati. Riprova più tardi.`}</Alert>}
      {results.data && (
        <ul aria-label={t`Risultati della ricerca`} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {results.data.length === 0 && <li className="p-3 text-sm text-slate-500">
              <Trans>Nessun tesserato trovato.</Trans>
            </li>}
          {results.data.map((member) => (
            <li key={member.id}>
              <button type="button" onClick={() => onPick(member)} className="w-full p-3 text-left text-sm hover:bg-sea-50 focus-visible:outline-2 focus-visible:outline-sea-700">
                <span className="block font-semibold text-slate-900">
                  {member.first_name} {member.last_name}
                </span>
                {/* What tells homonyms apart, as the users' list shows it. */}
                <span className="block break-all text-slate-600">{member.email}</span>
                <span className="block text-slate-600">{detailsOf(member).join(' · ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
