/**
 * Business documents as print-quality PDFs (invoices, packing slips, receipts, credit notes).
 *
 * A document is data, not drawing code: the caller fills a `BusinessDocument` and gets the PDF's
 * bytes back. Every document has the same parts, laid out on A4 with 50 pt margins:
 *   header   the seller's logo and name, the title ("Invoice"), its number and dates
 *   parties  two or three address blocks side by side (seller, bill to, ship to)
 *   lines    a table: description (with an optional grey detail line such as the SKU), quantity,
 *            unit price, tax, amount; `columns: 'quantities'` keeps only description and quantity
 *            (a packing slip shows no prices); `headings` renames the columns (a report's "Person",
 *            "Hours"); the table's head repeats on every page
 *   totals   label/amount rows under the table, right-aligned; `strong` rows are bold and ruled
 *   notes    free text under the totals; `footer` on every page beside "Page n of m"
 *
 * Amounts are integers in the currency's minor units (cents, paise; yen have none, dinars three):
 * they are formatted with the currency's own digits (`formatDocumentMoney`). Text is set in DejaVu
 * Sans, embedded (subset) from the `dejavu-fonts-ttf` package, so ₹, €, accents, Greek and
 * Cyrillic print everywhere and nothing is fetched at run time.
 *
 *   import { renderDocument, loadDocumentLogo } from '../../kernel/documents';
 *   const logo = await loadDocumentLogo(app.storage, tenantId, settings.logoFileId); // PNG or undefined
 *   const pdf = await renderDocument({
 *     title: 'Invoice', number: 'INV-1042', dates: [{ label: 'Issued', value: new Date() }],
 *     seller: { name: 'Acme', lines: ['1 High St', 'Pune 411001', 'GSTIN 27AAAC…'] }, logo,
 *     parties: [{ label: 'Bill to', name: 'Asha Rao', lines: ['asha@example.com'] }],
 *     currency: 'INR',
 *     lines: [{ description: 'Kurta', detail: 'SKU K-1 · M / Blue', quantity: 2, unitPrice: 79900, tax: 0, amount: 159800 }],
 *     totals: [{ label: 'Subtotal', amount: 159800 }, { label: 'Total', amount: 159800, strong: true }],
 *     notes: 'Thank you for your order.',
 *   });
 *   reply.type('application/pdf').header('content-disposition', contentDisposition('INV-1042.pdf')).send(pdf);
 */
export { contentDisposition, formatDocumentDate, formatDocumentMoney } from './format';
export { loadDocumentLogo } from './logo';
export { renderDocument } from './render';
export type { BusinessDocument, DocumentLine, DocumentParty, DocumentTotal } from './types';
