import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { saveAssociation, showAssociation } from './association.service.js';

export function registerAssociationRoutes(mount: MountRoute, { db }: Pick<AppDeps, 'db'>) {
  mount(api.association.show, () => showAssociation(db));
  mount(api.association.save, ({ body }) => saveAssociation(db, body));
}
