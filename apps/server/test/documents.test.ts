import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { type BusinessDocument, contentDisposition, formatDocumentMoney, renderDocument } from '../src/kernel/documents';

async function read(pdf: Buffer) {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(proxy, { mergePages: false });
  const meta = await proxy.getMetadata();
  return { pages: totalPages, text: text as string[], info: meta.info as Record<string, unknown> };
}

const invoice: BusinessDocument = {
  title: 'Invoice',
  number: 'INV-1042',
  dates: [
    { label: 'Issued', value: new Date('2026-11-28T10:00:00Z') },
    { label: 'Due', value: 'On receipt' },
  ],
  seller: { name: 'Kāvya Handlooms', lines: ['12 MG Road', 'Pune 411001', 'GSTIN 27AAACK1234F1Z5'] },
  parties: [
    { label: 'Bill to', name: 'Asha Rao', lines: ['asha@example.com', '+91 98200 00000'] },
    { label: 'Ship to', name: 'Asha Rao', lines: ['4 Lake View', 'Bengaluru 560001', 'India'] },
  ],
  currency: 'INR',
  lines: [
    { description: 'Silk kurta', detail: 'SKU KUR-M-BL · M / Blue', quantity: 2, unitPrice: 79900, tax: 14382, amount: 159800 },
    { description: 'Cotton dupatta', quantity: 1, unitPrice: 45050, tax: 0, amount: 45050 },
  ],
  totals: [
    { label: 'Subtotal', amount: 204850 },
    { label: 'Discount', amount: -5000 },
    { label: 'Total', amount: 199850, strong: true },
  ],
  notes: 'Thank you for shopping with us.',
  footer: 'Kāvya Handlooms Pvt Ltd · Registered office Pune',
};

describe('business documents (kit)', () => {
  it('renders a PDF whose text carries the header, parties, lines, totals, notes and footer', async () => {
    const pdf = await renderDocument(invoice);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text, info } = await read(pdf);
    expect(pages).toBe(1);
    const page = text[0];
    for (const expected of [
      'Invoice',
      'No. INV-1042',
      'Issued: 28 Nov 2026',
      'Due: On receipt',
      'Kāvya Handlooms',
      'GSTIN 27AAACK1234F1Z5',
      'BILL TO',
      'Bengaluru 560001',
      'Silk kurta',
      'SKU KUR-M-BL · M / Blue',
      '₹799.00',
      '₹1,598.00',
      '₹450.50',
      '-₹50.00',
      '₹1,998.50',
      'Thank you for shopping with us.',
      'Page 1 of 1',
    ]) {
      expect(page).toContain(expected);
    }
    expect(info.Title).toBe('Invoice INV-1042');
    expect(info.Author).toBe('Kāvya Handlooms');
    // The font travels inside the file (no reference to a font the reader must have).
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
  });

  it('a packing slip (quantities) prints no prices', async () => {
    const pdf = await renderDocument({ ...invoice, title: 'Packing slip', columns: 'quantities', totals: undefined });
    const [page] = (await read(pdf)).text;
    expect(page).toContain('Packing slip');
    expect(page).toContain('Silk kurta');
    expect(page).not.toContain('₹');
    expect(page).not.toContain('UNIT PRICE');
  });

  it('a report renames the table columns (headings)', async () => {
    const pdf = await renderDocument({
      ...invoice,
      title: 'Summary report',
      columns: 'quantities',
      headings: { description: 'Person', quantity: 'Hours' },
      lines: [{ description: 'Asha Rao', quantity: 12.5 }],
      totals: undefined,
    });
    const [page] = (await read(pdf)).text;
    expect(page).toContain('PERSON');
    expect(page).toContain('HOURS');
    expect(page).toContain('12.5');
    expect(page).not.toContain('DESCRIPTION');
  });

  it('a long order flows onto more pages, each numbered', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      description: `Item ${i + 1}`,
      quantity: 1,
      unitPrice: 100,
      tax: 0,
      amount: 100,
    }));
    const { pages, text } = await read(await renderDocument({ ...invoice, lines }));
    expect(pages).toBeGreaterThan(1);
    expect(text.at(-1)).toContain(`Page ${pages} of ${pages}`);
    expect(text.join('\n')).toContain('Item 60');
    expect(text[1]).toContain('DESCRIPTION'); // the table head repeats
  });

  it('draws a logo image', async () => {
    const logo = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#cd3197' } })
      .png()
      .toBuffer();
    const pdf = await renderDocument({ ...invoice, logo });
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('formats money by the currency’s digits', () => {
    expect(formatDocumentMoney(79900, 'INR')).toBe('₹799.00');
    expect(formatDocumentMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatDocumentMoney(1234, 'KWD')).toBe('KWD\u00a01.234');
    expect(formatDocumentMoney(-250, 'EUR', 'de')).toBe('-2,50\u00a0€');
  });

  it('names downloads safely', () => {
    expect(contentDisposition('INV-1.pdf')).toBe(`attachment; filename="INV-1.pdf"; filename*=UTF-8''INV-1.pdf`);
    expect(contentDisposition('Rechnung "Ä".pdf')).toBe(
      `attachment; filename="Rechnung ___.pdf"; filename*=UTF-8''Rechnung%20%22%C3%84%22.pdf`,
    );
  });
});
