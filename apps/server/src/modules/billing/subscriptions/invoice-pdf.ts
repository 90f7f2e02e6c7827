import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../kernel/money';
import type { Scope } from '../../../kernel/resources';
import { type Invoice, taxNote } from './invoices';

const FILE_URL = /\/public\/[^/]+\/files\/([0-9a-f-]{36})$/;

/** The community's logo (its brand profile's), as bytes pdfkit can draw (PNG or JPEG), or null. */
async function logoOf(app: FastifyInstance, scope: Scope): Promise<Buffer | null> {
  const profiles = app.resources.get('settings/client-profile');
  if (!profiles) return null;
  const [profile] = (await profiles.list(scope, { limit: 1 })).data;
  const id = typeof profile?.logoUrl === 'string' ? FILE_URL.exec(profile.logoUrl)?.[1] : undefined;
  if (!id) return null;
  try {
    const { record, stream } = await app.storage.open(scope.tenantId, id);
    if (record.contentType !== 'image/png' && record.contentType !== 'image/jpeg') return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

/** Amounts with the currency's code (the PDF's standard fonts have no ₹ or S$ glyphs). */
const money = (minor: number, currency: string) => {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'code' });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2)).replace(/\u00a0/g, ' ');
  } catch {
    return formatMoney(minor, currency);
  }
};
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '—');

/**
 * The invoice as an A4 PDF rendered on the server (pdfkit, vector text): the community's logo,
 * seller and buyer, the lines, tax (or the reverse-charge note) and totals.
 */
export async function invoicePdf(app: FastifyInstance, scope: Scope, invoice: Invoice): Promise<Buffer> {
  const logo = await logoOf(app, scope);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number ?? ''}`, Author: invoice.seller.name } });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const right = doc.page.width - 50;
  if (logo) {
    try {
      doc.image(logo, left, 45, { fit: [120, 50] });
    } catch {
      // An image pdfkit cannot read is left out rather than failing the invoice.
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(invoice.status === 'void' ? 'VOID INVOICE' : 'TAX INVOICE', left, 50, { align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(`Number: ${invoice.number ?? 'draft'}`, { align: 'right' });
  doc.text(`Issued: ${day(invoice.issuedAt)}   Due: ${day(invoice.dueAt)}`, { align: 'right' });
  doc.text(`Status: ${invoice.status}${invoice.paidAt ? ` (paid ${day(invoice.paidAt)})` : ''}`, { align: 'right' });

  const party = (title: string, p: Invoice['seller'], x: number, y: number) => {
    doc.font('Helvetica-Bold').fontSize(10).text(title, x, y);
    doc.font('Helvetica').text(p.name, x, doc.y, { width: 230 });
    if (p.address) doc.text(p.address, { width: 230 });
    doc.text(`Country: ${p.country}`, { width: 230 });
    if (p.taxId) doc.text(`Tax id: ${p.taxId}`, { width: 230 });
    if (p.email) doc.text(p.email, { width: 230 });
    return doc.y;
  };
  const top = 130;
  const bottom = Math.max(party('From', invoice.seller, left, top), party('Bill to', invoice.buyer, 310, top));

  // Lines
  let y = bottom + 25;
  const cols = { desc: left, qty: 330, unit: 380, amount: 470 };
  doc.font('Helvetica-Bold');
  doc
    .text('Description', cols.desc, y)
    .text('Qty', cols.qty, y)
    .text('Unit', cols.unit, y)
    .text('Amount', cols.amount, y, { width: right - cols.amount, align: 'right' });
  y = doc.y + 4;
  doc.moveTo(left, y).lineTo(right, y).stroke();
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    y += 6;
    doc.text(line.description, cols.desc, y, { width: cols.qty - cols.desc - 10 });
    const after = doc.y;
    doc.text(String(line.quantity), cols.qty, y);
    doc.text(money(line.unitMinor, invoice.currency), cols.unit, y, { width: cols.amount - cols.unit - 5 });
    doc.text(money(line.amountMinor, invoice.currency), cols.amount, y, { width: right - cols.amount, align: 'right' });
    y = Math.max(after, doc.y);
  }
  y += 6;
  doc.moveTo(left, y).lineTo(right, y).stroke();
  const total = (label: string, value: string, bold = false) => {
    y += 8;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, cols.unit - 80, y, { width: 160 });
    doc.text(value, cols.amount, y, { width: right - cols.amount, align: 'right' });
    y = doc.y;
  };
  total('Subtotal', money(invoice.subtotalMinor, invoice.currency));
  total(
    invoice.taxName ? `${invoice.taxName} ${(invoice.taxRatePpm / 10_000).toFixed(2).replace(/\.00$/, '')}%` : 'Tax',
    money(invoice.taxMinor, invoice.currency),
  );
  total('Total', money(invoice.totalMinor, invoice.currency), true);
  const note = taxNote(invoice);
  if (note)
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .text(note, left, y + 20, { width: right - left });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`Amounts in ${invoice.currency}. ${invoice.seller.name}`, left, doc.page.height - 70, {
      width: right - left,
      align: 'center',
    });
  doc.end();
  return done;
}
