// How the school's screens name kinds, statuses and weekdays, in the page's language.
import type { TEnrolment, TEnrolmentKind } from '@beach/contracts';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const KIND_LABELS: Record<TEnrolmentKind, MessageDescriptor> = {
  course: msg`Tutto il corso`,
  lesson: msg`Lezione singola`,
  trial: msg`Lezione di prova`,
};

/** How an enrolment's place is named: a camp's whole-course place is its week. */
export const placeLabel = (enrolment: Pick<TEnrolment, 'kind' | 'course'>): MessageDescriptor =>
  enrolment.course.offer === 'camp' ? msg`Settimana intera` : KIND_LABELS[enrolment.kind];

export const STATUS_LABELS: Record<TEnrolment['status'], MessageDescriptor> = {
  pending_payment: msg`Da pagare`,
  confirmed: msg`Confermata`,
  cancelled: msg`Annullata`,
};

/** ISO weekdays 1 (Monday) … 7, short. */
export const WEEKDAY_LABELS: MessageDescriptor[] = [msg`lun`, msg`mar`, msg`mer`, msg`gio`, msg`ven`, msg`sab`, msg`dom`];
