// The questionnaire's questions and answers (docs/levels.md#questionnaire) and how a level's change is named.
import type { TLevelQuestion } from '@beach/contracts';
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

export const QUESTIONS: Record<TLevelQuestion, { question: MessageDescriptor; answers: [MessageDescriptor, MessageDescriptor, MessageDescriptor, MessageDescriptor] }> = {
  experience: {
    question: msg`Da quanto giochi a questo sport?`,
    answers: [msg`Ho appena iniziato`, msg`Da meno di 2 anni`, msg`Da 2 a 5 anni`, msg`Da più di 5 anni`],
  },
  frequency: {
    question: msg`Quanto spesso giochi?`,
    answers: [msg`Qualche volta l’anno`, msg`Una o due volte al mese`, msg`Ogni settimana`, msg`Più volte a settimana`],
  },
  competition: {
    question: msg`Hai giocato tornei?`,
    answers: [msg`Mai`, msg`Tornei amatoriali`, msg`Tornei regionali`, msg`Tornei nazionali o campionati`],
  },
  technique: {
    question: msg`Come giudichi la tua tecnica?`,
    answers: [msg`Principiante`, msg`Intermedia`, msg`Buona`, msg`Avanzata`],
  },
};

export const CHANGE_SOURCES = {
  questionnaire: msg`Questionario`,
  admin: msg`Correzione della segreteria`,
  result: msg`Partita competitiva`,
} as const;

/** A level with two decimals as the page's language writes it (3,42 in Italian). */
export const twoDecimals = (i18n: I18n, level: number) => i18n.number(level, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
