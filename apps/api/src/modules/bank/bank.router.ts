import { api, BANK_IMPORT_MAX_BYTES } from '@beach/contracts';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError, invalid } from '../../lib/errors.js';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { BankService } from './bank.service.js';

export const UPLOAD_MESSAGES = {
  tooLarge: 'Il file è troppo grande: al massimo 20 MB.',
  wrongType: 'Il file deve essere un estratto conto CAMT.053 (XML) o un CSV.',
  missing: 'Scegli il file dell’estratto conto da importare.',
};

const STATEMENT_TYPES = ['text/xml', 'application/xml', 'text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/octet-stream'];

/** One statement file in the "file" field, kept in memory (20 MB at most). */
function statementUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: BANK_IMPORT_MAX_BYTES, files: 1 },
    fileFilter: (_req, file, accept) => {
      const name = file.originalname.toLowerCase();
      if (STATEMENT_TYPES.includes(file.mimetype) && /\.(xml|csv|txt|053)$/.test(name)) accept(null, true);
      else accept(invalid({ file: [UPLOAD_MESSAGES.wrongType] }));
    },
  }).single('file');
  return (req, res, next) =>
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        req.resume();
        return next(error.code === 'LIMIT_FILE_SIZE' ? new AppError(413, UPLOAD_MESSAGES.tooLarge) : invalid({ file: [UPLOAD_MESSAGES.missing] }));
      }
      if (error) return next(error);
      if (!req.file) return next(invalid({ file: [UPLOAD_MESSAGES.missing] }));
      next();
    });
}

export function registerBankRoutes(mount: MountRoute, bank: BankService) {
  const routes = api.bank;
  mount(routes.overview, ({ query }) => bank.overview(query.state));
  mount(routes.account, ({ body }) => bank.saveAccount(body));
  mount(routes.csvMapping, ({ body }) => bank.saveCsvMapping(body));
  mount(routes.import, (_input, { req }) => bank.importStatement(authOf(req).user, req.file!.buffer), { before: [statementUpload()] });
  mount(routes.confirm, ({ params }, { req }) => bank.confirm(authOf(req).user, params.id));
  mount(routes.assign, ({ params, body }, { req }) => bank.assign(authOf(req).user, params.id, body.category));
  mount(routes.enrolmentTransfer, ({ params }, { req }) => bank.enrolmentTransfer(authOf(req).user, params.id));
  mount(routes.debtTransfer, (_input, { req }) => bank.debtTransfer(authOf(req).user));
}
