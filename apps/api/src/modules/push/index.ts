// Web Push as the rest of the API sees it (docs/push.md): the routes, the service, the job's sender, and
// the one call another module tells a member something through.
export { registerPushRoutes } from './push.router.js';
export { createPushService } from './push.service.js';
export type { PushService } from './push.service.js';
export { createPushSender } from './push-sender.js';
export { notifyMember, pushOf } from './notify.js';
export type { MemberNotice } from './notify.js';
