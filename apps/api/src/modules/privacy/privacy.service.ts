// Privacy (GDPR, docs/domain.md#privacy): the signed-in member's own data, and the erasure they ask for.
import { privacyMessages, type TEnrolment, type TMyDataExport } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { AppError, invalid } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { toUserDto } from '../auth/index.js';
import { checkInsOfMember } from '../check-ins/index.js';
import { certificateToDto } from '../certificates/index.js';
import { childrenOf } from '../children/index.js';
import { consentsOf } from '../consents/index.js';
import { creditHistoryOf } from '../credit/index.js';
import { eraseAccount, memberRecords } from '../users/index.js';
import { receiptsOf } from '../receipts/index.js';
import { memberActivity } from './member-activity.js';

/** Reads of other modules' services the export reuses: the member's enrolments as their screen lists them. */
export interface PrivacyReads {
  enrolmentsOf(userId: number): Promise<{ data: TEnrolment[] }>;
}

export function createPrivacyService(deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'logger'>, reads: PrivacyReads) {
  const { db } = deps;
  return {
    /** Everything kept about the member, read only by their own id. */
    async exportData(user: User): Promise<TMyDataExport> {
      const [records, checkIns, receipts, credit, enrolments, activity] = await Promise.all([
        memberRecords(db, user.id),
        checkInsOfMember(db, user.id),
        receiptsOf(db, { userId: user.id }),
        creditHistoryOf(db, user.id),
        reads.enrolmentsOf(user.id),
        memberActivity(db, user.id),
      ]);
      return {
        exported_at: new Date().toISOString(),
        profile: {
          ...toUserDto(user),
          created_at: user.createdAt.toISOString(),
          email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
          privacy_accepted_at: user.privacyAcceptedAt?.toISOString() ?? null,
        },
        ...records,
        check_ins: checkIns,
        receipts,
        consents: await consentsOf(db, user.id),
        certificates: (await db.medicalCertificate.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } })).map(certificateToDto),
        children: await childrenOf(db, user.id),
        credit,
        enrolments: enrolments.data,
        ...activity,
      };
    },

    /** The password again, so a session left open on a shared computer cannot erase the account. */
    async requestErasure(user: User, password: string) {
      if (!(await verifyPassword(password, user.passwordHash))) throw invalid({ password: [privacyMessages.wrongPassword] });
      // Staff, coaches and admins keep their account (what they did and saw, a child's health notes included, is on record): a plain user first.
      if (user.role !== 'user') throw new AppError(409, privacyMessages.staffCannotErase);
      await eraseAccount(deps, user.id);
      return { message: privacyMessages.erased };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
