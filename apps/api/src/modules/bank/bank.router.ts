import { api, BANK_IMPORT_MAX_BYTES } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { singleFileUpload } from '../../lib/single-file-upload.js';
import { authOf } from '../auth/index.js';
import type { BankService } from './bank.service.js';

export const UPLOAD_MESSAGES = {
  tooLarge: 'Il file è troppo grande: al massimo 20 MB.',
  wrongType: 'Il file deve essere un estratto conto CAMT.053 (XML) o un CSV.',
  missing: 'Scegli il file dell’estratto conto da importare.',
};

const STATEMENT_TYPES = ['text/xml', 'application/xml', 'text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/octet-stream'];

/** One statement file (CAMT.053 XML or CSV) in the "file" field, kept in memory (20 MB at most). */
const statementUpload = () =>
  singleFileUpload(BANK_IMPORT_MAX_BYTES, (file) => STATEMENT_TYPES.includes(file.mimetype) && /\.(xml|csv|txt|053)$/.test(file.originalname.toLowerCase()), { ...UPLOAD_MESSAGES, wrongType: () => UPLOAD_MESSAGES.wrongType });

export function registerBankRoutes(mount: MountRoute, bank: BankService) {
  const routes = api.bank;
  mount(routes.overview, ({ query }) => bank.overview(query.state));
  mount(routes.account, ({ body }) => bank.saveAccount(body));
  mount(routes.csvMapping, ({ body }) => bank.saveCsvMapping(body));
  mount(routes.import, (_input, { req }) => bank.importStatement(authOf(req).user, req.file!.buffer), { before: [statementUpload()] });
  mount(routes.confirm, ({ params }, { req }) => bank.confirm(authOf(req).user, params.id));
  mount(routes.assign, ({ params, body }, { req }) => bank.assign(authOf(req).user, params.id, body.category));
  mount(routes.enrolmentTransfer, ({ params }, { req }) => bank.enrolmentTransfer(authOf(req).user, params.id));
  mount(routes.membershipTransfer, ({ params }, { req }) => bank.membershipTransfer(authOf(req).user, params.id));
  mount(routes.tournamentTransfer, ({ params }, { req }) => bank.tournamentTransfer(authOf(req).user, params.id));
  mount(routes.amountsDue, ({ params }) => bank.amountsDue(params.id));
  mount(routes.debtTransfer, (_input, { req }) => bank.debtTransfer(authOf(req).user));
}
