import { api } from '@beach/contracts';
import type { Response } from 'express';
import { sendCsv } from '../../lib/csv.js';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import { certificateUpload, type CheckedFile } from './certificate-upload.js';
import type { CertificatesService } from './certificates.service.js';

const uploaded = (res: Response) => res.locals.certificateFile as CheckedFile | undefined;

/** Health data: never cached, and shown by the browser only as the type read from its content. */
const sendFile = (res: Response, file: { data: Buffer; type: string; filename: string }) =>
  res.type(file.type).attachment(file.filename).set('Cache-Control', 'private, no-store').send(file.data);

export function registerCertificatesRoutes(mount: MountRoute, certificates: CertificatesService) {
  const routes = api.certificates;
  mount(routes.mine, (_input, { req }) => certificates.mine(authOf(req).user));
  mount(routes.upload, ({ body }, { req, res }) => certificates.upload(authOf(req).user, body, uploaded(res)!), { before: [certificateUpload({ required: true })] });
  // The file is asked for by the service, so a child id out of range or not the parent's answers 404 first.
  mount(routes.uploadForChild, ({ params, body }, { req, res }) => certificates.uploadForChild(authOf(req).user, params.id, body, uploaded(res)), {
    before: [certificateUpload({ required: false })],
  });
  mount(routes.myFile, async ({ params }, { req, res }) => {
    sendFile(res, await certificates.myFile(authOf(req).user, params.id));
  });
  mount(routes.list, ({ query }) => certificates.list(query));
  mount(routes.export, async ({ query }, { res }) => {
    sendCsv(res, `certificati-${query.filter}.csv`, await certificates.exportCsv(query));
  });
  mount(routes.settings, () => certificates.settings());
  mount(routes.saveSettings, ({ body }) => certificates.saveSettings(body));
  mount(routes.ofMember, ({ params }) => certificates.ofMember(params.id));
  mount(routes.record, ({ params, body }, { req, res }) => certificates.record(authOf(req).user, params.id, body, uploaded(res)), { before: [certificateUpload({ required: false })] });
  mount(routes.verify, ({ params }, { req }) => certificates.verify(authOf(req).user, params.id));
  mount(routes.reject, ({ params, body }, { req }) => certificates.reject(authOf(req).user, params.id, body.reason));
  mount(routes.file, async ({ params }, { res }) => {
    sendFile(res, await certificates.file(params.id));
  });
}
