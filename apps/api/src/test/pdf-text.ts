// A PDF read back as a real client reads it: its text, whitespace collapsed (tests look for phrases in it).
import { PDFParse } from 'pdf-parse';

export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: pdf });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
