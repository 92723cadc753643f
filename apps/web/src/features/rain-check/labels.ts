// A rain check's words on screen (docs/domain.md#rain-check): where the money goes, how a booking was paid,
// what became of it, the job's state. The contracts' tables keep their Italian for the API: here each code
// gets its message, with that very Italian as its source (labels.test.ts keeps the two equal).
import type { TRainCheck, TRainCheckOutcome, TRainCheckPaidWith, TRainCheckReturn } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const RETURN_NAMES: Record<TRainCheckReturn, MessageDescriptor> = {
  credit: msg`Sul credito del socio`,
  card: msg`Rimborso sulla carta (online) o in cassa`,
  cash: msg`Rimborso in contanti alla cassa`,
};

export const PAID_WITH_NAMES: Record<TRainCheckPaidWith, MessageDescriptor> = {
  online: msg`Online`,
  desk: msg`In cassa`,
  credit: msg`Credito`,
  carnet: msg`Carnet`,
  unpaid: msg`Non pagata`,
};

export const OUTCOME_NAMES: Record<TRainCheckOutcome, MessageDescriptor> = {
  credit: msg`Restituito sul credito`,
  card: msg`Rimborsato sulla carta`,
  desk: msg`Restituito in cassa`,
  carnet: msg`Ingresso restituito al carnet`,
  none: msg`Solo annullata (non pagata)`,
};

export const STATUS_NAMES: Record<TRainCheck['status'], MessageDescriptor> = {
  queued: msg`In coda`,
  running: msg`In corso`,
  completed: msg`Completato`,
};
