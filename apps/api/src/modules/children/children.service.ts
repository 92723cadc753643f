// The children on a parent's account (docs/school.md#families): the parent's own, read and changed only
// through their id (another member's child is simply not found), and the staff's read-only view.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { isConstraintViolation } from '../../lib/db.js';
import { fromIsoDate } from '../../lib/time.js';
import { fiscalCodeProblem } from '../memberships/index.js';
import { createChildStatement } from './child-statement.js';
import { childrenOf, childWithEnrolments, toChildDto } from './child-records.js';
import { childrenApiMessages } from './children-messages.js';


/** The row's columns from the validated body; the fiscal code must also match the birth date. */
function columnsOf(body: BodyOf<typeof api.children.update>) {
  if (body.fiscal_code) {
    const problem = fiscalCodeProblem(body.fiscal_code, body.birth_date);
    if (problem) throw invalid({ fiscal_code: [problem] });
  }
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    birthDate: fromIsoDate(body.birth_date),
    fiscalCode: body.fiscal_code,
    healthNotes: body.health_notes,
    pickupPeople: body.pickup_people,
    photoConsent: body.photo_consent,
  };
}

type ParsedChildBody = Parameters<typeof columnsOf>[0];

export function createChildrenService({ db, storage, logger }: Pick<AppDeps, 'db' | 'storage' | 'logger'>) {
  return {
    statement: createChildStatement({ db }),

    mine: async (parentId: number) => ({ data: await childrenOf(db, parentId) }),

    async create(parentId: number, body: ParsedChildBody) {
      return toChildDto(await db.child.create({ data: { parentId, ...columnsOf(body) }, include: childWithEnrolments }));
    },

    async update(parentId: number, childId: number, body: ParsedChildBody) {
      const data = columnsOf(body);
      // Scoped by the parent: another member's child is not theirs to change, and answers as missing.
      const { count } = await db.child.updateMany({ where: { id: childId, parentId }, data });
      if (count === 0) throw notFound(childrenApiMessages.notFound);
      return toChildDto(await db.child.findUniqueOrThrow({ where: { id: childId }, include: childWithEnrolments }));
    },

    /**
     * Refused while any enrolment names the child: the foreign key says so, even against one made meanwhile;
     * and while the child waits on a course's list (or holds its offer).
     * The child's certificates go with the row (ON DELETE CASCADE), their files once that is committed.
     */
    async remove(parentId: number, childId: number) {
      let files: string[];
      try {
        files = await db.$transaction(async (tx) => {
          // The row locked first, so a certificate uploaded meanwhile is either read here or refused by its foreign key.
          const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM children WHERE id = ${childId} AND parent_id = ${parentId} FOR UPDATE`;
          if (locked.length === 0) throw notFound(childrenApiMessages.notFound);
          // A place a waiting list holds for the child would be lost with the row: they leave the list first.
          // (A join meanwhile waits on this lock, then finds the child gone.)
          if ((await tx.courseWaitlistEntry.count({ where: { childId, status: { in: ['waiting', 'offered'] } } })) > 0) throw new AppError(409, childrenApiMessages.onWaitlist);
          const certificates = await tx.medicalCertificate.findMany({ where: { childId }, select: { filePath: true } });
          await tx.child.delete({ where: { id: childId } });
          return certificates.flatMap((certificate) => (certificate.filePath ? [certificate.filePath] : []));
        });
      } catch (error) {
        if (isConstraintViolation(error, 'course_enrolments_child_id_fkey')) throw new AppError(409, childrenApiMessages.hasEnrolments);
        throw error;
      }
      const removals = await Promise.allSettled(files.map((path) => storage.remove(path)));
      removals.forEach((removal, index) => {
        if (removal.status === 'rejected') logger.error({ err: removal.reason, path: files[index] }, 'child removed: certificate file not removed');
      });
      return { message: childrenApiMessages.removed };
    },

    async ofMember(userId: number) {
      if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw notFound(childrenApiMessages.userNotFound);
      return { data: await childrenOf(db, userId) };
    },
  };
}

export type ChildrenService = ReturnType<typeof createChildrenService>;
