import { api } from '@beach/contracts';
import { sendCsv } from '../../lib/csv.js';
import type { MountRoute } from '../../lib/http.js';
import type { AnnualAccountsService } from './annual-accounts.service.js';

/** What the year's label becomes in a file name ("2026/27" → "2026-27"). */
const fileLabel = (label: string) => label.replace('/', '-');

export function registerAnnualAccountsRoutes(mount: MountRoute, accounts: AnnualAccountsService) {
  const routes = api.annualAccounts;
  mount(routes.years, () => accounts.years());
  mount(routes.financialYear, ({ body }) => accounts.saveFinancialYear(body.start_month));
  mount(routes.mappings, () => accounts.mappings());
  mount(routes.saveMapping, ({ params, body }) => accounts.saveMapping(params.id, body));
  mount(routes.statement, ({ params }) => accounts.statement(params.year));
  mount(routes.entries, ({ params, query }) => accounts.entries(params.year, params.scheme, params.line, query));
  mount(routes.csv, async ({ params }, { res }) => {
    const { label, csv } = await accounts.csv(params.year);
    sendCsv(res, `rendiconto-${fileLabel(label)}.csv`, csv);
  });
  mount(routes.xlsx, async ({ params }, { res }) => {
    const { label, file } = await accounts.xlsx(params.year);
    res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').attachment(`rendiconto-${fileLabel(label)}.xlsx`).set('Cache-Control', 'private, no-store').send(file);
  });
  mount(routes.pdf, async ({ params }, { res }) => {
    const { label, file } = await accounts.pdf(params.year);
    res.type('application/pdf').attachment(`rendiconto-${fileLabel(label)}.pdf`).set('Cache-Control', 'private, no-store').send(file);
  });
}
