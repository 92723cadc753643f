import { randomBytes } from 'node:crypto';
import { USAGE_RULES } from '@beach/contracts/centre';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { i18nFor, sayer } from '../../lib/i18n.js';
import { decodeRgbaPng } from '../../test/png-pixels.js';
import { type MembershipCardData, renderMembershipCardPdf, USAGE_RULE_MESSAGES } from './membership-card-pdf.js';
import { sampleCard } from './membership-card-pdf.sample.js';
import { CARD_NAME } from './membership-words.js';

// A fresh token each run: the QR can only decode to it if it was encoded from this card.
const card: MembershipCardData = sampleCard(`https://www.adriaticabeacharena.it/verifica-tessera/${randomBytes(32).toString('base64url')}`);

async function parse(pdf: Buffer) {
  const parser = new PDFParse({ data: pdf });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo({ parsePageInfo: true });
    const images = await parser.getImage({ partial: [1], imageDataUrl: false });
    const pageText = (page: number) => text.getPageText(page).replace(/\s+/g, ' ');
    return { pages: text.total, pageText, info, frontImages: images.pages[0]?.images ?? [] };
  } finally {
    await parser.destroy();
  }
}

describe('renderMembershipCardPdf', () => {
  it('renders the card-sized front with the holder’s details and the rules on the back', async () => {
    const { pages, pageText, info } = await parse(await renderMembershipCardPdf(card));

    expect(pages).toBe(2);
    const mm = 72 / 25.4;
    for (const page of info.pages) {
      expect(page.width).toBeCloseTo(85.6 * mm, 2);
      expect(page.height).toBeCloseTo(54 * mm, 2);
    }
    expect(info.info).toMatchObject({ Title: 'Tessera T2026-00042', Author: 'Adriatica Beach Arena' });

    const front = pageText(1);
    for (const expected of ['Adriatica Beach Arena', 'Giulia Rossi', 'C.F. RSSGLI95M41H501X', 'Tessera stagionale', 'T2026-00042', 'dal 01/05/2027 al 30/09/2027', 'Assicurazione inclusa', 'BVU']) {
      expect(front).toContain(expected);
    }
    const back = pageText(2);
    expect(back).toContain('Regolamento del centro');
    for (const rule of USAGE_RULES) expect(back).toContain(rule);
    expect(back).toContain('Mostra questa tessera (anche dal telefono) all’ingresso dei campi riservati ai tesserati.');
  });

  it('speaks the holder’s language, the centre’s name and the holder’s own as they are', async () => {
    const german = { ...sampleCard(card.verifyUrl, 'de'), typeLabel: sayer(i18nFor('de'))(CARD_NAME.seasonal) };
    const { pages, pageText, info } = await parse(await renderMembershipCardPdf(german));

    expect(pages).toBe(2);
    expect(info.info).toMatchObject({ Title: 'Mitgliedskarte T2026-00042', Author: 'Adriatica Beach Arena' });
    const front = pageText(1);
    const labels = ['INHABER/IN', 'KARTENNUMMER', 'GÜLTIGKEIT'];
    for (const expected of ['Adriatica Beach Arena', 'Giulia Rossi', 'Saison-Mitgliedskarte', ...labels, 'vom 01.05.2027 bis 30.09.2027', 'Versicherung inklusive']) {
      expect(front).toContain(expected);
    }
    expect(front).toContain('Code scannen, um die Karte zu prüfen');
    expect(front).not.toContain('Tessera');
    const back = pageText(2);
    expect(back).toContain('Hausordnung');
    expect(back).toContain('Hunde sind nicht erlaubt.');
    expect(back).toContain('Zeige diese Karte (auch auf dem Handy) am Eingang der Plätze, die Mitgliedern vorbehalten sind.');
    expect(back).toContain('Adriatica Beach Arena · Mitgliedskarte T2026-00042');
  });

  it('keeps to one card-sized front and back in every language, the longest card name and the holder’s longest name included', async () => {
    for (const locale of ['de', 'en']) {
      const typeLabel = sayer(i18nFor(locale))(CARD_NAME.bvu);
      const holderName = `Maria ${'Alessandra Bianchi '.repeat(8)}Castellani`;
      expect((await parse(await renderMembershipCardPdf({ ...sampleCard(card.verifyUrl, locale), typeLabel, holderName }))).pages).toBe(2);
    }
  });

  it('words the rules as the contracts do, in Italian', () => {
    expect(USAGE_RULE_MESSAGES.map((rule) => rule.message)).toEqual([...USAGE_RULES]);
  });

  it('embeds a QR code on the front that decodes to the verification address', async () => {
    const { frontImages } = await parse(await renderMembershipCardPdf(card));

    expect(frontImages).toHaveLength(1);
    const { width, height, pixels } = decodeRgbaPng(frontImages[0]!.data);
    expect([width, height]).toEqual([frontImages[0]!.width, frontImages[0]!.height]);
    expect(jsQR(pixels, width, height)?.data).toBe(card.verifyUrl);
  });

  it('leaves out the fiscal code, the insurance and the BVU mark when the member has none', async () => {
    const { pages, pageText } = await parse(await renderMembershipCardPdf({ ...card, fiscalCode: null, hasInsurance: false, isBvuMember: false }));

    expect(pages).toBe(2);
    const front = pageText(1);
    expect(front).toContain('Giulia Rossi');
    expect(front).not.toContain('C.F.');
    expect(front).not.toContain('RSSGLI95M41H501X');
    expect(front).not.toContain('Assicurazione');
    expect(front).not.toContain('BVU');
  });

  it('keeps an overlong name on the front, cut after two lines', async () => {
    const holderName = `Maria ${'Alessandra Bianchi '.repeat(8)}Castellani`;
    const { pages, pageText } = await parse(await renderMembershipCardPdf({ ...card, holderName }));

    expect(pages).toBe(2);
    expect(pageText(1)).toContain('Maria Alessandra Bianchi');
    expect(pageText(1)).not.toContain('Castellani');
    expect(pageText(1)).toContain('dal 01/05/2027 al 30/09/2027');
  });

  it('gives the same bytes for the same card', async () => {
    expect(await renderMembershipCardPdf(card)).toEqual(await renderMembershipCardPdf(card));
  });

  it('rejects a date that is not YYYY-MM-DD', async () => {
    await expect(renderMembershipCardPdf({ ...card, endDate: '30/09/2027' })).rejects.toThrow('30/09/2027');
  });
});
