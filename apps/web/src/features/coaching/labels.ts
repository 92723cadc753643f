// How coaching's screens name a certificate's state and a participant's kind, with the badge's tone.
import { CERTIFICATE_STATE_LABELS, type TEnrolmentKind, type TSessionParticipant } from '@beach/contracts';
import type { BadgeTone } from '../../components/ui/badge';

type CertificateState = NonNullable<TSessionParticipant['certificate']>;

const CERTIFICATE_TONES: Record<CertificateState, BadgeTone> = { valid: 'green', expiring: 'yellow', to_verify: 'yellow', expired: 'red', missing: 'red' };

export const certificateBadge = (state: CertificateState) => ({ label: `Certificato: ${CERTIFICATE_STATE_LABELS[state].toLowerCase()}`, tone: CERTIFICATE_TONES[state] });

const KIND_LABELS: Record<Exclude<TEnrolmentKind, 'course'>, string> = { lesson: 'Lezione singola', trial: 'Prova' };

/** Only a single lesson or a trial is named: the whole course's people are the usual ones. */
export const kindLabel = (kind: TEnrolmentKind) => (kind === 'course' ? null : KIND_LABELS[kind]);

/** "17:00–18:30" in Rome. */
export const timeRange = (session: { starts_at: string; ends_at: string }, format: (value: string) => string) => `${format(session.starts_at)}–${format(session.ends_at)}`;
