// The school desk's public face: the enrolments part of the back-office member page (Italian only).
export { MemberEnrolments } from './member-enrolments';
