// The school's waiting list as other features show it (docs/screens.md#features-and-their-public-faces):
// joining from a full course's detail on /scuola, and the member's lists on /profilo.
export { JoinWaitlist } from './components/join-waitlist';
export { MyWaitlistSection } from './components/my-waitlist-section';
