// The certificates module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export {
  assertCertificateForBooking,
  assertChildCertificateForEnrolment,
  CERTIFICATES_ORDER,
  certificateStatus,
  certificateToDto,
  certificateWarning,
  childCertificateStatus,
  statusOf,
  warningFor,
} from './certificate-status.js';
export { registerCertificatesRoutes } from './certificates.router.js';
export { createCertificatesService } from './certificates.service.js';
