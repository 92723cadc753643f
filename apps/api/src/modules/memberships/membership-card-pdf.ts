// The printable membership card: a credit-card-sized PDF whose front carries the holder's details and
// a QR code for the check at the courts, and whose back carries the centre's rules; in the holder's
// language (users.locale), the centre's name as it is.
import { defineMessages } from '@beach/contracts';
import { CENTRE_NAME } from '@beach/contracts/centre';
import { INTL_LOCALE } from '@beach/i18n/node';
import PDFDocument from 'pdfkit';
import QRCode, { type QRCodeToBufferOptions } from 'qrcode';
import { i18nFor, type Locale, localizedDay, sayer } from '../../lib/i18n.js';
import { pdfBytes } from '../../lib/pdf.js';

const messages = defineMessages({
  title: /* i18n */ { id: 'api.memberships.card_pdf_title', message: 'Tessera {number}' },
  holder: /* i18n */ { id: 'api.memberships.card_pdf_holder', message: 'Titolare' },
  number: /* i18n */ { id: 'api.memberships.card_pdf_number', message: 'Numero tessera' },
  validity: /* i18n */ { id: 'api.memberships.card_pdf_validity', message: 'Validità' },
  validFromTo: /* i18n */ { id: 'api.memberships.card_pdf_valid_from_to', message: 'dal {start} al {end}' },
  insurance: /* i18n */ { id: 'api.memberships.card_pdf_insurance', message: 'Assicurazione inclusa' },
  scan: /* i18n */ { id: 'api.memberships.card_pdf_scan', message: 'Inquadra il codice per verificare la tessera' },
  rules: /* i18n */ { id: 'api.memberships.card_pdf_rules', message: 'Regolamento del centro' },
  showIt: /* i18n */ {
    id: 'api.memberships.card_pdf_show_it',
    message: 'Mostra questa tessera (anche dal telefono) all’ingresso dei campi riservati ai tesserati.',
  },
});

/** The centre's rules (USAGE_RULES, whose Italian they repeat: a test keeps the two equal). */
export const USAGE_RULE_MESSAGES = [
  /* i18n */ { id: 'api.memberships.rule_dogs', message: 'Non sono ammessi cani.' },
  /* i18n */ { id: 'api.memberships.rule_alcohol_glass', message: 'Vietato portare alcolici e bottiglie o bicchieri di vetro.' },
  /* i18n */ { id: 'api.memberships.rule_smoking', message: 'Vietato fumare nell’area dei campi.' },
  /* i18n */ { id: 'api.memberships.rule_football', message: 'Vietato giocare a calcio.' },
  /* i18n */ { id: 'api.memberships.rule_music', message: 'Niente musica senza autorizzazione dello staff.' },
  /* i18n */ { id: 'api.memberships.rule_minors', message: 'I minori devono essere accompagnati da un adulto.' },
];

export interface MembershipCardData {
  /** The holder's language: every word of the card but the centre's name and the holder's own. */
  locale: string;
  holderName: string;
  fiscalCode: string | null;
  /** The card's name in the holder's language (CARD_NAME). */
  typeLabel: string;
  membershipNumber: string;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD */
  endDate: string;
  hasInsurance: boolean | null;
  isBvuMember: boolean;
  /** Encoded in the QR code: https://…/verifica-tessera/<token> */
  verifyUrl: string;
}

const POINTS_PER_MM = 72 / 25.4;
/** ISO/IEC 7810 ID-1, the size of a credit card, in points. */
const CARD_WIDTH = 85.6 * POINTS_PER_MM;
const CARD_HEIGHT = 54 * POINTS_PER_MM;
/** ISO/IEC 7810 ID-1 (a credit card), in points. */
export const CARD_SIZE: [number, number] = [CARD_WIDTH, CARD_HEIGHT];

const PADDING = 12;
const HEADER_HEIGHT = 34;
const QR_SIZE = 90;
const QR_PANEL_PADDING = 3;

const COLORS = { brand: '#155e75', accent: '#0e7490', sand: '#f2d8a0', paper: '#fefbf3', ink: '#0f172a', muted: '#64748b', white: '#ffffff' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The words of a card, in one language. */
type Say = ReturnType<typeof sayer>;

/** The card as a PDF file: page 1 the card-sized front, page 2 the centre's rules. */
export async function renderMembershipCardPdf(card: MembershipCardData): Promise<Buffer> {
  // Calendar days are rewritten as text (localizedDay): a Date would shift them with the time zone.
  for (const day of [card.startDate, card.endDate]) if (!ISO_DATE.test(day)) throw new Error(`Invalid date for the membership card: ${day}`);
  const i18n = i18nFor(card.locale);
  const say = sayer(i18n);
  const validity = say(messages.validFromTo, { start: localizedDay(card.startDate), end: localizedDay(card.endDate) });
  // Error correction M survives a scratched print or a glare on a phone screen. pngjs options that
  // @types/qrcode does not list keep this fast: a grey PNG (not RGBA) is embedded by pdfkit as it is,
  // without decoding it to split off an alpha channel, and the Up filter (each row of modules is
  // repeated `scale` times) spares pngjs trying every filter on every row.
  const pngOptions = { colorType: 0, filterType: 2 };
  const qrPng = await QRCode.toBuffer(card.verifyUrl, { errorCorrectionLevel: 'M', margin: 1, scale: 8, rendererOpts: pngOptions as QRCodeToBufferOptions['rendererOpts'] });

  const doc = new PDFDocument({
    size: [CARD_WIDTH, CARD_HEIGHT],
    margin: 0,
    lang: INTL_LOCALE[i18n.locale as Locale],
    displayTitle: true,
    // pdfkit stamps the time of rendering (and derives the file ID from it); the start of validity
    // instead makes the file a function of the card, so the same card gives the same bytes.
    info: {
      Title: say(messages.title, { number: card.membershipNumber }),
      Author: CENTRE_NAME,
      Creator: CENTRE_NAME,
      CreationDate: new Date(`${card.startDate}T00:00:00Z`),
    },
  });
  const done = pdfBytes(doc);

  drawFront(doc, say, card, validity, qrPng);
  doc.addPage({ size: [CARD_WIDTH, CARD_HEIGHT], margin: 0 });
  drawBack(doc, say, card);
  doc.end();
  return done;
}

function drawFront(doc: PDFKit.PDFDocument, say: Say, card: MembershipCardData, validity: string, qrPng: Buffer) {
  doc.rect(0, 0, CARD_WIDTH, CARD_HEIGHT).fill(COLORS.paper);
  doc.rect(0, 0, CARD_WIDTH, HEADER_HEIGHT).fill(COLORS.brand);
  doc.rect(0, HEADER_HEIGHT, CARD_WIDTH, 2.5).fill(COLORS.sand);

  doc.font('Helvetica-Bold').fontSize(11).fillColor(COLORS.white).text(CENTRE_NAME, PADDING, 8, { lineBreak: false });
  doc.font('Helvetica').fontSize(7.5).fillColor(COLORS.sand).text(card.typeLabel, PADDING, 21, { lineBreak: false });
  if (card.isBvuMember) {
    const badgeWidth = 28;
    const badgeX = CARD_WIDTH - PADDING - badgeWidth;
    doc.roundedRect(badgeX, 10, badgeWidth, 14, 7).fill(COLORS.sand);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(COLORS.brand).text('BVU', badgeX, 13.5, { width: badgeWidth, align: 'center', lineBreak: false });
  }

  // The QR code on a white panel on the right, as large as the body allows.
  const qrX = CARD_WIDTH - PADDING - QR_SIZE;
  const qrY = HEADER_HEIGHT + 2.5 + 8;
  doc.roundedRect(qrX - QR_PANEL_PADDING, qrY - QR_PANEL_PADDING, QR_SIZE + 2 * QR_PANEL_PADDING, QR_SIZE + 2 * QR_PANEL_PADDING, 4).fill(COLORS.white);
  doc.image(qrPng, qrX, qrY, { width: QR_SIZE, height: QR_SIZE });

  // The details on the left, flowing down so that a name that has to wrap pushes the rest down.
  const columnWidth = qrX - QR_PANEL_PADDING - PADDING - 8;
  const label = (text: string, gap = 5) => {
    doc.y += gap;
    doc.font('Helvetica-Bold').fontSize(5.5).fillColor(COLORS.muted).text(text.toUpperCase(), PADDING, doc.y, { width: columnWidth, characterSpacing: 0.5 });
    doc.y += 1;
  };
  const value = (text: string, font = 'Helvetica', size = 8, color = COLORS.ink) =>
    doc.font(font).fontSize(size).fillColor(color).text(text, PADDING, doc.y, { width: columnWidth });

  doc.y = qrY - 2;
  label(say(messages.holder), 0);
  // Long names shrink to fit one line, down to a size that is still legible; beyond that they wrap
  // onto a second line at most, so that the front never overflows onto a page of its own.
  const nameSize = Math.max(8, Math.min(12, (12 * columnWidth) / doc.font('Helvetica-Bold').fontSize(12).widthOfString(card.holderName)));
  doc.fontSize(nameSize).fillColor(COLORS.ink).text(card.holderName, PADDING, doc.y, { width: columnWidth, height: nameSize * 2.4, ellipsis: true });
  if (card.fiscalCode) value(`C.F. ${card.fiscalCode}`, 'Helvetica', 7, COLORS.muted);
  label(say(messages.number));
  value(card.membershipNumber, 'Helvetica-Bold', 9);
  label(say(messages.validity));
  value(validity, 'Helvetica', 7.5);
  if (card.hasInsurance) {
    doc.y += 5;
    value(say(messages.insurance), 'Helvetica-Bold', 7, COLORS.accent);
  }

  doc
    .font('Helvetica')
    .fontSize(5.5)
    .fillColor(COLORS.muted)
    .text(say(messages.scan), qrX - 10, qrY + QR_SIZE + QR_PANEL_PADDING + 3, { width: QR_SIZE + 20, align: 'center', lineBreak: false });
}

function drawBack(doc: PDFKit.PDFDocument, say: Say, card: MembershipCardData) {
  doc.rect(0, 0, CARD_WIDTH, CARD_HEIGHT).fill(COLORS.paper);
  doc.rect(0, 0, CARD_WIDTH, 24).fill(COLORS.brand);
  doc.rect(0, 24, CARD_WIDTH, 2.5).fill(COLORS.sand);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.white).text(say(messages.rules), PADDING, 8, { lineBreak: false });

  const width = CARD_WIDTH - 2 * PADDING;
  const rules = USAGE_RULE_MESSAGES.map((rule) => say(rule));
  doc.font('Helvetica').fontSize(7.5).fillColor(COLORS.ink).list(rules, PADDING, 35, { width, bulletRadius: 1.2, textIndent: 8, lineGap: 1.5 });
  doc.y += 5;
  doc.font('Helvetica-Bold').fontSize(7.5).fillColor(COLORS.accent).text(say(messages.showIt), PADDING, doc.y, { width });
  const footer = `${CENTRE_NAME} · ${say(messages.title, { number: card.membershipNumber })}`;
  doc.font('Helvetica').fontSize(5.5).fillColor(COLORS.muted).text(footer, PADDING, CARD_HEIGHT - PADDING - 4, { width, lineBreak: false });
}
