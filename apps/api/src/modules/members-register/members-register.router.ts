import { api } from '@beach/contracts';
import { sendCsv } from '../../lib/csv.js';
import type { MountRoute } from '../../lib/http.js';
import type { MembersRegisterService } from './members-register.service.js';

export function registerMembersRegisterRoutes(mount: MountRoute, register: MembersRegisterService) {
  mount(api.membersRegister.list, ({ query }) => register.list(query));
  mount(api.membersRegister.csv, async ({ query }, { res }) => {
    const { season, csv } = await register.csv(query);
    sendCsv(res, `libro-soci-${season}.csv`, csv);
  });
  mount(api.membersRegister.pdf, async ({ query }, { res }) => {
    const { season, file } = await register.pdf(query);
    res.type('application/pdf').attachment(`libro-soci-${season}.pdf`).set('Cache-Control', 'private, no-store').send(file);
  });
}
