// A member's cards as they read them (docs/domain.md#memberships): their list, one card, its PDF (made
// and stored on first need) and the public verification of a card's QR.
import type { TMembershipVerification, TMyMembership } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { i18nFor, sayer } from '../../lib/i18n.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { certificateWarning } from '../certificates/index.js';
import { renderMembershipCardPdf } from './membership-card-pdf.js';
import { cardPdfName, membershipMessages, newQrToken } from './membership-terms.js';
import { CARD_NAME } from './membership-words.js';
import { toMyMembershipDto, toVerificationDto, verifyUrl, WITH_PAYMENTS, type MembershipWithPayments } from './memberships.dto.js';

export function createMembershipReads(deps: Pick<AppDeps, 'db' | 'config' | 'storage'>) {
  const { db, config, storage } = deps;

  async function ownMembership(userId: number, id: number): Promise<MembershipWithPayments> {
    const membership = await db.membership.findFirst({ where: { id, userId }, include: WITH_PAYMENTS });
    if (!membership) throw notFound(membershipMessages.notFound);
    return membership;
  }

  /** The card's PDF, made and stored on first need (and again if the file went missing). */
  async function cardPdf(membership: MembershipWithPayments & { user: User }): Promise<{ file: Buffer; path: string }> {
    const path = membership.pdfPath ?? `memberships/${cardPdfName(membership.membershipNumber)}`;
    const stored = membership.pdfPath ? await storage.read(path) : null;
    if (stored) return { file: stored, path };
    const file = await renderMembershipCardPdf({
      locale: membership.user.locale,
      holderName: `${membership.user.firstName} ${membership.user.lastName}`,
      fiscalCode: membership.fiscalCode,
      typeLabel: sayer(i18nFor(membership.user.locale))(CARD_NAME[membership.isBvuMember ? 'bvu' : membership.type]),
      membershipNumber: membership.membershipNumber,
      startDate: toIsoDate(membership.startDate),
      endDate: toIsoDate(membership.endDate),
      hasInsurance: membership.hasInsurance,
      isBvuMember: membership.isBvuMember,
      verifyUrl: verifyUrl(config.WEB_ORIGIN, await ensureQrCode(membership)),
    });
    await storage.write(path, file);
    await db.membership.update({ where: { id: membership.id }, data: { pdfPath: path } });
    return { file, path };
  }

  /** Cards made before tokens existed (or at the desk) get theirs when first printed. */
  async function ensureQrCode(membership: { id: number; qrCode: string | null }): Promise<string> {
    if (membership.qrCode) return membership.qrCode;
    const qrCode = newQrToken();
    await db.membership.updateMany({ where: { id: membership.id, qrCode: null }, data: { qrCode } });
    return (await db.membership.findUniqueOrThrow({ where: { id: membership.id }, select: { qrCode: true } })).qrCode!;
  }

  /** The card's PDF to download: a card is printed once it is active (or was, and expired). */
  async function pdfFile(membership: MembershipWithPayments & { user: User }) {
    if (membership.status === 'pending') throw new AppError(409, membershipMessages.pdfNotYet);
    const { file } = await cardPdf(membership);
    return { file, filename: cardPdfName(membership.membershipNumber) };
  }

  return {
    ownMembership,
    cardPdf,
    pdfFile,

    async mine(user: User): Promise<TMyMembership[]> {
      const memberships = await db.membership.findMany({ where: { userId: user.id }, include: WITH_PAYMENTS, orderBy: [{ startDate: 'desc' }, { id: 'desc' }] });
      return memberships.map((membership) => toMyMembershipDto(membership, webOriginOf(config)));
    },

    async pdf(user: User, id: number) {
      return pdfFile({ ...(await ownMembership(user.id, id)), user });
    },

    /** What the desk sees after scanning a card: the verdict and the least personal data that identifies it. */
    async verify(token: string): Promise<TMembershipVerification> {
      const membership = await db.membership.findUnique({ where: { qrCode: token }, include: { user: { select: { firstName: true, lastName: true } } } });
      if (!membership) throw notFound(membershipMessages.cardNotFound);
      const today = todayInRome();
      return { ...toVerificationDto(membership, today), certificate_warning: await certificateWarning(db, membership.userId, today) };
    },
  };
}

export type MembershipReads = ReturnType<typeof createMembershipReads>;
