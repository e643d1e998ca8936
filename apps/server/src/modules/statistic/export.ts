import { existsSync } from 'node:fs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { ExportFormat } from '@vitrine/core';
import { AppError } from '../../lib/errors.js';
import { csvField } from '../../lib/csv.js';

/** A table to export: column titles, and rows (cells are strings, numbers or null) arriving in pages. */
export interface ExportTable {
  title: string;
  columns: { title: string; width: number; numeric?: boolean }[];
  rows: AsyncIterable<(string | number | null)[][]>;
}

export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Most rows one export holds: a spreadsheet's limit for csv and xlsx, and what stays printable as a PDF. */
export const EXPORT_MAX_ROWS: Record<ExportFormat, number> = {
  csv: 1_000_000,
  xlsx: 1_000_000,
  pdf: 50_000,
};

/** Refuses an export of more rows than its format holds (EXPORT_TOO_LARGE, saying what to narrow). */
export function checkExportRows(format: ExportFormat, rows: number, narrow: string): void {
  if (rows > EXPORT_MAX_ROWS[format]) {
    throw new AppError(
      'EXPORT_TOO_LARGE',
      `Too many rows for one ${format.toUpperCase()} file (${rows}, at most ${EXPORT_MAX_ROWS[format]}): ${narrow}`,
    );
  }
}

/**
 * A file made now, streamed as it is written (the sync print calls); a failure midway ends the stream
 * with the error, and is logged.
 */
export function exportStream(
  format: ExportFormat,
  table: ExportTable,
  log?: (message: string, error: unknown) => void,
): { mime: string; stream: Readable } {
  const out = new PassThrough();
  writeExport(format, table, out).catch((error: unknown) => {
    log?.('export failed', error);
    out.destroy(error as Error);
  });
  return { mime: EXPORT_MIME[format], stream: out };
}

/** Writes the table to `out` in the format and ends it. `onRows` hears the rows written so far. */
export async function writeExport(
  format: ExportFormat,
  table: ExportTable,
  out: Writable,
  onRows?: (written: number) => void | Promise<void>,
): Promise<void> {
  if (format === 'csv') return writeCsv(table, out, onRows);
  if (format === 'xlsx') return writeXlsx(table, out, onRows);
  return writePdf(table, out, onRows);
}

/** Writes with backpressure; a stream closed meanwhile (a client gone) ends the export with an error. */
function write(out: Writable, chunk: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.destroyed) {
      reject(new Error('export stream closed'));
      return;
    }
    if (out.write(chunk)) resolve();
    else {
      const done = (error?: Error) => {
        out.off('drain', onDrain);
        out.off('close', onClose);
        out.off('error', done);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => done();
      const onClose = () => done(new Error('export stream closed'));
      out.once('drain', onDrain);
      out.once('close', onClose);
      out.once('error', done);
    }
  });
}

function finish(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('error', reject);
    out.end(resolve);
  });
}

export { csvField };

/** CSV with a UTF-8 byte order mark (Excel then reads the names right) and CRLF line ends. */
async function writeCsv(table: ExportTable, out: Writable, onRows?: (n: number) => unknown): Promise<void> {
  await write(out, `\uFEFF${table.columns.map((c) => csvField(c.title)).join(',')}\r\n`);
  let written = 0;
  for await (const page of table.rows) {
    await write(out, page.map((row) => `${row.map(csvField).join(',')}\r\n`).join(''));
    written += page.length;
    await onRows?.(written);
  }
  await finish(out);
}

/** XLSX through exceljs's streaming writer: rows are committed as they come, never all in memory. */
async function writeXlsx(table: ExportTable, out: Writable, onRows?: (n: number) => unknown): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = book.addWorksheet(table.title.slice(0, 31) || 'Sheet');
  sheet.columns = table.columns.map((c) => ({ header: c.title, width: Math.max(8, c.width / 6) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  for await (const page of table.rows) {
    if (out.destroyed) throw new Error('export stream closed');
    for (const row of page) sheet.addRow(row).commit();
    written += page.length;
    await onRows?.(written);
  }
  sheet.commit();
  await book.commit();
}

/**
 * A font that covers Latin and Cyrillic (Ukrainian and Russian names): DejaVu Sans, from PDF_FONT or the
 * usual system places (Debian's fonts-dejavu-core). Without one, PDFs fall back to Helvetica (Latin only).
 */
const FONT_PLACES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/local/share/fonts/DejaVuSans.ttf',
];
export function pdfFont(): string | null {
  const configured = process.env.PDF_FONT;
  if (configured && existsSync(configured)) return configured;
  return FONT_PLACES.find((p) => existsSync(p)) ?? null;
}

/** A landscape A4 table: a title, a header row repeated on every page, page numbers. */
async function writePdf(table: ExportTable, out: Writable, onRows?: (n: number) => unknown): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 30,
    bufferPages: false,
    info: { Title: table.title },
  });
  const done = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
  doc.pipe(out);
  const font = pdfFont();
  if (font) doc.registerFont('body', font);
  doc.font(font ? 'body' : 'Helvetica');
  const fontSize = 8;
  const rowHeight = 13;
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const total = table.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = table.columns.map((c) => (c.width / total) * usable);
  const bottom = () => doc.page.height - doc.page.margins.bottom - rowHeight;
  let y = doc.page.margins.top;
  let pageNo = 1;

  const line = (cells: (string | number | null)[], header: boolean): void => {
    let x = left;
    if (header)
      doc
        .rect(left, y - 2, usable, rowHeight)
        .fill('#e8e8e8')
        .fillColor('black');
    cells.forEach((cell, i) => {
      const col = table.columns[i]!;
      const text = cell === null ? '' : typeof cell === 'number' ? formatNumber(cell) : cell;
      doc.fontSize(fontSize).text(text, x + 2, y, {
        width: widths[i]! - 4,
        height: rowHeight,
        lineBreak: false,
        ellipsis: true,
        align: col.numeric ? 'right' : 'left',
      });
      x += widths[i]!;
    });
    y += rowHeight;
  };
  const head = (): void => {
    doc.fontSize(11).text(table.title, left, y, { lineBreak: false });
    doc.fontSize(fontSize).text(`${pageNo}`, left, y, { width: usable, align: 'right', lineBreak: false });
    y += 20;
    line(
      table.columns.map((c) => c.title),
      true,
    );
  };

  head();
  let written = 0;
  for await (const page of table.rows) {
    if (out.destroyed) throw new Error('export stream closed');
    for (const row of page) {
      if (y > bottom()) {
        doc.addPage();
        pageNo += 1;
        y = doc.page.margins.top;
        head();
      }
      line(row, false);
    }
    written += page.length;
    await onRows?.(written);
  }
  doc.end();
  await done;
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
