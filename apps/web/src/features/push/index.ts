// Web Push as other features show it (docs/screens.md#features-and-their-public-faces): the member's notifications on /profilo.
export { NotificationsSection } from './components/notifications-section';
