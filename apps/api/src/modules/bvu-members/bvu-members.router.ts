import { api, BVU_IMPORT_MAX_BYTES } from '@beach/contracts';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError, invalid } from '../../lib/errors.js';
import type { MountRoute } from '../../lib/http.js';
import type { BvuMembersService } from './bvu-members.service.js';

/** The texts of the import screen's own checks (type, 10 MB), which the server applies too. */
export const UPLOAD_MESSAGES = {
  tooLarge: 'Il file è troppo grande. La dimensione massima è 10MB',
  notCsv: (type: string) => `Il file deve essere in formato CSV. Formato attuale: ${type}`,
  missing: 'Seleziona un file CSV da importare.',
} as const;

const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain'];

/** One CSV file in the "file" field, kept in memory (10 MB at most), after the admin check. */
function csvUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: BVU_IMPORT_MAX_BYTES, files: 1 },
    fileFilter: (_req, file, accept) => {
      if (CSV_TYPES.includes(file.mimetype) || file.originalname.toLowerCase().endsWith('.csv')) accept(null, true);
      else accept(invalid({ file: [UPLOAD_MESSAGES.notCsv(file.mimetype || 'sconosciuto')] }));
    },
  }).single('file');
  return (req, res, next) =>
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        // The rest of the upload is read and dropped, so the client gets the answer, not a reset.
        req.resume();
        return next(error.code === 'LIMIT_FILE_SIZE' ? new AppError(413, UPLOAD_MESSAGES.tooLarge) : invalid({ file: [UPLOAD_MESSAGES.missing] }));
      }
      if (error) return next(error);
      if (!req.file) return next(invalid({ file: [UPLOAD_MESSAGES.missing] }));
      next();
    });
}

export function registerBvuMembersRoutes(mount: MountRoute, bvuMembers: BvuMembersService) {
  const routes = api.bvuMembers;
  mount(routes.list, ({ query }) => bvuMembers.list(query));
  mount(routes.import, (_input, { req }) => bvuMembers.importCsv(req.file!.buffer), { before: [csvUpload()] });
  mount(routes.create, ({ body }) => bvuMembers.create(body));
  mount(routes.update, ({ params, body }) => bvuMembers.update(params.id, body));
  mount(routes.remove, ({ params }) => bvuMembers.remove(params.id));
}
