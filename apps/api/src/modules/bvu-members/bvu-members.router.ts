import { api, BVU_IMPORT_MAX_BYTES } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { singleFileUpload } from '../../lib/single-file-upload.js';
import type { BvuMembersService } from './bvu-members.service.js';

/** The texts of the import screen's own checks (type, 10 MB), which the server applies too. */
export const UPLOAD_MESSAGES = {
  tooLarge: 'Il file è troppo grande. La dimensione massima è 10MB',
  notCsv: (type: string) => `Il file deve essere in formato CSV. Formato attuale: ${type}`,
  missing: 'Seleziona un file CSV da importare.',
} as const;

const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain'];

/** One CSV file in the "file" field, kept in memory (10 MB at most), after the admin check. */
const csvUpload = () =>
  singleFileUpload(BVU_IMPORT_MAX_BYTES, (file) => CSV_TYPES.includes(file.mimetype) || file.originalname.toLowerCase().endsWith('.csv'), { ...UPLOAD_MESSAGES, wrongType: UPLOAD_MESSAGES.notCsv });

export function registerBvuMembersRoutes(mount: MountRoute, bvuMembers: BvuMembersService) {
  const routes = api.bvuMembers;
  mount(routes.list, ({ query }) => bvuMembers.list(query));
  mount(routes.import, (_input, { req }) => bvuMembers.importCsv(req.file!.buffer), { before: [csvUpload()] });
  mount(routes.create, ({ body }) => bvuMembers.create(body));
  mount(routes.update, ({ params, body }) => bvuMembers.update(params.id, body));
  mount(routes.remove, ({ params }) => bvuMembers.remove(params.id));
}
