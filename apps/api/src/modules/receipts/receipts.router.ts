import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { localeOf } from '../../lib/i18n.js';
import { authOf } from '../auth/index.js';
import type { ReceiptsService } from './receipts.service.js';

export function registerReceiptsRoutes(mount: MountRoute, receipts: ReceiptsService) {
  mount(api.receipts.mine, async (_input, { req, res }) => ({ data: await receipts.mine(authOf(req).user, localeOf(res)) }));
  mount(api.receipts.pdf, async ({ params }, { req, res }) => {
    const { file, filename } = await receipts.download(authOf(req).user, params.id);
    res.type('application/pdf').attachment(filename).set('Cache-Control', 'private, no-store').send(file);
  });
}
