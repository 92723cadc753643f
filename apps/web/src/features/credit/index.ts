// The credit feature's public face (docs/screens.md#features-and-their-public-faces): what other features
// may show or call. Everything else in features/credit is its inside.
export { useCreditCorrections, useCreditCovers, useCreditSettings, useMyCredit, useSaveCreditSettings } from './api/credit';
export { CreditAndCardButton } from './components/credit-and-card';
export { CreditSection } from './components/credit-section';
export { DebtNotice } from './components/debt-notice';
export { MemberCredit } from './components/member-credit';
export { PayMembershipWithCredit, PayWithCredit } from './components/pay-with-credit';
export { DESK_TOP_UP_METHOD_LABELS } from './labels';
