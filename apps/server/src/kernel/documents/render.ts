import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatDocumentDate, formatDocumentMoney } from './format';
import type { BusinessDocument, DocumentLine, DocumentParty } from './types';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const FOOTER_TOP = PAGE.height - PAGE.margin + 10;
const BOTTOM = PAGE.height - PAGE.margin - 20; // last y a row may reach before the footer
const INK = '#1f2328';
const MUTED = '#6a737d';
const RULE = '#d0d7de';
const SIZE = { title: 20, name: 12, body: 9, small: 8 };

interface Column {
  key: 'description' | 'quantity' | 'unitPrice' | 'tax' | 'amount';
  label: string;
  width: number;
  align: 'left' | 'right';
}

function columnsOf(doc: BusinessDocument): Column[] {
  const numbers: Column[] =
    doc.columns === 'quantities'
      ? [{ key: 'quantity', label: 'Qty', width: 70, align: 'right' }]
      : [
          { key: 'quantity', label: 'Qty', width: 45, align: 'right' },
          { key: 'unitPrice', label: 'Unit price', width: 80, align: 'right' },
          { key: 'tax', label: 'Tax', width: 70, align: 'right' },
          { key: 'amount', label: 'Amount', width: 85, align: 'right' },
        ];
  const used = numbers.reduce((sum, c) => sum + c.width, 0);
  const all: Column[] = [{ key: 'description', label: 'Description', width: CONTENT - used, align: 'left' }, ...numbers];
  return all.map((c) => ({ ...c, label: doc.headings?.[c.key] ?? c.label }));
}

/** Renders the document to PDF bytes (see index.ts for the parts and an example). */
export function renderDocument(input: BusinessDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    font: FONT,
    info: { Title: [input.title, input.number].filter(Boolean).join(' '), Author: input.seller.name, Creator: 'Atrium' },
  });
  pdf.registerFont('body', FONT);
  pdf.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  try {
    layout(pdf, input);
    pdf.end();
  } catch (err) {
    pdf.end();
    return Promise.reject(err);
  }
  return done;
}

function layout(pdf: PDFKit.PDFDocument, doc: BusinessDocument): void {
  const locale = doc.locale ?? 'en';
  const money = (minor: number | undefined) => (minor === undefined ? '' : formatDocumentMoney(minor, doc.currency, locale));
  let y = header(pdf, doc, locale);
  y = parties(pdf, [{ label: 'From', ...doc.seller }, ...(doc.parties ?? [])], y + 24);
  y = table(pdf, columnsOf(doc), doc.lines, y + 24, money, locale);
  if (doc.totals?.length) y = totals(pdf, doc, y + 8, money);
  if (doc.notes) {
    pdf.font('body').fontSize(SIZE.body);
    const height = pdf.heightOfString(doc.notes, { width: CONTENT });
    if (y + 24 + height > BOTTOM) y = newPage(pdf) - 24;
    pdf
      .fillColor(MUTED)
      .font('bold')
      .text('Notes', PAGE.margin, y + 24);
    pdf
      .fillColor(INK)
      .font('body')
      .text(doc.notes, PAGE.margin, pdf.y + 2, { width: CONTENT });
  }
  footers(pdf, doc.footer);
}

function header(pdf: PDFKit.PDFDocument, doc: BusinessDocument, locale: string): number {
  const top = PAGE.margin;
  let left = top;
  if (doc.logo) {
    pdf.image(doc.logo, PAGE.margin, top, { fit: [140, 56] });
    left = top + 62;
  }
  pdf
    .fillColor(INK)
    .font('bold')
    .fontSize(SIZE.name)
    .text(doc.seller.name, PAGE.margin, left, { width: CONTENT / 2 });
  const leftBottom = pdf.y;

  const rightX = PAGE.margin + CONTENT / 2;
  const rightWidth = CONTENT / 2;
  pdf.font('bold').fontSize(SIZE.title).text(doc.title, rightX, top, { width: rightWidth, align: 'right' });
  pdf.font('body').fontSize(SIZE.body);
  if (doc.number) pdf.fillColor(INK).text(`No. ${doc.number}`, rightX, pdf.y + 2, { width: rightWidth, align: 'right' });
  for (const date of doc.dates ?? []) {
    pdf
      .fillColor(MUTED)
      .text(`${date.label}: ${formatDocumentDate(date.value, locale)}`, rightX, pdf.y, { width: rightWidth, align: 'right' });
  }
  return Math.max(leftBottom, pdf.y);
}

/** Address blocks side by side, as many columns as blocks (at most four). */
function parties(pdf: PDFKit.PDFDocument, blocks: DocumentParty[], top: number): number {
  const shown = blocks.slice(0, 4);
  const gap = 16;
  const width = (CONTENT - gap * (shown.length - 1)) / shown.length;
  let bottom = top;
  shown.forEach((party, i) => {
    const x = PAGE.margin + i * (width + gap);
    pdf
      .font('bold')
      .fontSize(SIZE.small)
      .fillColor(MUTED)
      .text((party.label ?? '').toUpperCase(), x, top, { width, characterSpacing: 0.5 });
    pdf
      .font('bold')
      .fontSize(SIZE.body)
      .fillColor(INK)
      .text(party.name, x, pdf.y + 3, { width });
    pdf.font('body');
    for (const line of party.lines ?? []) if (line.trim()) pdf.text(line, x, pdf.y, { width });
    bottom = Math.max(bottom, pdf.y);
  });
  return bottom;
}

const CELL_PAD = 5;

function table(
  pdf: PDFKit.PDFDocument,
  columns: Column[],
  lines: DocumentLine[],
  top: number,
  money: (minor: number | undefined) => string,
  locale: string,
): number {
  const qty = new Intl.NumberFormat(locale);
  const cell = (line: DocumentLine, key: Column['key']): string => {
    if (key === 'description') return line.description;
    if (key === 'quantity') return qty.format(line.quantity);
    return money(line[key]);
  };
  let y = tableHead(pdf, columns, top);
  for (const line of lines) {
    pdf.font('body').fontSize(SIZE.body);
    const descWidth = columns[0].width - CELL_PAD;
    const detailHeight = line.detail ? pdf.fontSize(SIZE.small).heightOfString(line.detail, { width: descWidth }) + 1 : 0;
    pdf.fontSize(SIZE.body);
    const height =
      Math.max(...columns.map((c) => pdf.heightOfString(cell(line, c.key), { width: c.width - CELL_PAD }))) + detailHeight + 2 * CELL_PAD;
    if (y + height > BOTTOM) y = tableHead(pdf, columns, newPage(pdf));
    let x = PAGE.margin;
    for (const column of columns) {
      const indent = column.align === 'left' ? 4 : 0;
      pdf.fillColor(INK).text(cell(line, column.key), x + indent, y + CELL_PAD, {
        width: column.width - CELL_PAD - indent,
        align: column.align,
      });
      if (column.key === 'description' && line.detail)
        pdf
          .fillColor(MUTED)
          .fontSize(SIZE.small)
          .text(line.detail, x + indent, pdf.y + 1, { width: descWidth - indent })
          .fontSize(SIZE.body);
      x += column.width;
    }
    y += height;
    pdf
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
  return y;
}

function tableHead(pdf: PDFKit.PDFDocument, columns: Column[], top: number): number {
  pdf.rect(PAGE.margin, top, CONTENT, 20).fill('#f3f4f6');
  let x = PAGE.margin;
  pdf.font('bold').fontSize(SIZE.small).fillColor(MUTED);
  for (const column of columns) {
    pdf.text(column.label.toUpperCase(), x + (column.align === 'left' ? 4 : 0), top + 6, {
      width: column.width - CELL_PAD - (column.align === 'left' ? 4 : 0),
      align: column.align,
    });
    x += column.width;
  }
  return top + 20;
}

function totals(pdf: PDFKit.PDFDocument, doc: BusinessDocument, top: number, money: (minor: number) => string): number {
  const labelWidth = 150;
  const amountWidth = 95;
  const x = PAGE.margin + CONTENT - labelWidth - amountWidth;
  let y = top;
  for (const row of doc.totals ?? []) {
    const size = row.strong ? SIZE.name - 1 : SIZE.body;
    if (y + size * 2 > BOTTOM) y = newPage(pdf);
    if (row.strong) {
      pdf
        .moveTo(x, y + 2)
        .lineTo(PAGE.margin + CONTENT, y + 2)
        .lineWidth(0.8)
        .strokeColor(INK)
        .stroke();
      y += 6;
    }
    pdf
      .font(row.strong ? 'bold' : 'body')
      .fontSize(size)
      .fillColor(row.strong ? INK : MUTED);
    pdf.text(row.label, x, y, { width: labelWidth });
    pdf.fillColor(INK).text(money(row.amount), x + labelWidth, y, { width: amountWidth - CELL_PAD, align: 'right' });
    y += size + 8;
  }
  return y;
}

function newPage(pdf: PDFKit.PDFDocument): number {
  pdf.addPage();
  return PAGE.margin;
}

function footers(pdf: PDFKit.PDFDocument, footer: string | undefined): void {
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Writing below the bottom margin would start a new page: lift the margin while the footer is set.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .moveTo(PAGE.margin, FOOTER_TOP - 6)
      .lineTo(PAGE.margin + CONTENT, FOOTER_TOP - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    pdf.font('body').fontSize(SIZE.small).fillColor(MUTED);
    if (footer) pdf.text(footer, PAGE.margin, FOOTER_TOP, { width: CONTENT - 80, height: 30, ellipsis: true });
    pdf.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.margin + CONTENT - 80, FOOTER_TOP, { width: 80, align: 'right' });
    pdf.page.margins.bottom = margin;
  }
}
