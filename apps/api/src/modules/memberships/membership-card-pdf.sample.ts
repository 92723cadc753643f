// A typical card, for the PDF test and the render benchmark.
import type { MembershipCardData } from './membership-card-pdf.js';

export const sampleCard = (verifyUrl: string, locale = 'it'): MembershipCardData => ({
  locale,
  holderName: 'Giulia Rossi',
  fiscalCode: 'RSSGLI95M41H501X',
  typeLabel: 'Tessera stagionale',
  membershipNumber: 'T2026-00042',
  startDate: '2027-05-01',
  endDate: '2027-09-30',
  hasInsurance: true,
  isBvuMember: true,
  verifyUrl,
});
