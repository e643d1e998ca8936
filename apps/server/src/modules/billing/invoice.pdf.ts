import PDFDocument from 'pdfkit';
import { formatMinor } from '@vitrine/core';
import { pdfFont } from '../statistic/export.js';

export interface InvoiceSheet {
  number: number;
  /** Who issues it (the installation's brand name). */
  issuer: string;
  cabinet: string;
  cabinetId: number;
  amount: number;
  currency: string;
  /** How it was paid (the provider, or the admin's note on a bank transfer). */
  note: string | null;
  paidAt: Date;
}

/** Invoice numbers as printed: at least six digits ('000042'). */
export const invoiceNumber = (n: number): string => String(n).padStart(6, '0');

/** An invoice as a one-page A4 PDF (pdfkit, the exports' font so Cyrillic names print). */
export function invoicePdf(sheet: InvoiceSheet): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Invoice ${invoiceNumber(sheet.number)}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const font = pdfFont();
  if (font) doc.registerFont('body', font);
  doc.font(font ? 'body' : 'Helvetica');
  const amount = `${formatMinor(sheet.amount)} ${sheet.currency.toUpperCase()}`;
  doc.fontSize(20).text(`Invoice ${invoiceNumber(sheet.number)}`);
  doc.moveDown(0.5).fontSize(11).text(sheet.issuer);
  doc.moveDown(1.5);
  const line = (label: string, value: string) => {
    doc.fontSize(10).fillColor('#555').text(label);
    doc.fontSize(12).fillColor('#000').text(value).moveDown(0.6);
  };
  line('Date', sheet.paidAt.toISOString().slice(0, 10));
  line('Billed to', `${sheet.cabinet} (cabinet ${sheet.cabinetId})`);
  line('Description', 'Prepaid funds for digital signage screens');
  if (sheet.note) line('Payment', sheet.note);
  doc.moveDown(0.5);
  doc.fontSize(14).text(`Total paid: ${amount}`);
  doc.end();
  return done;
}
