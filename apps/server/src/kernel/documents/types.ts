/** An address block: a name in bold and the lines under it (street, city, email, phone, tax id). */
export interface DocumentParty {
  /** The block's heading, e.g. "Bill to", "Ship to", "From". */
  label?: string;
  name: string;
  lines?: string[];
}

/** One row of the line table. Money in the document currency's minor units. */
export interface DocumentLine {
  description: string;
  /** A second, grey line under the description (SKU, variation, serial numbers). */
  detail?: string;
  quantity: number;
  unitPrice?: number;
  tax?: number;
  amount?: number;
}

export interface DocumentTotal {
  label: string;
  /** Minor units; negative for discounts and refunds. */
  amount: number;
  /** The grand total: bold, with a rule above. */
  strong?: boolean;
}

export interface BusinessDocument {
  /** "Invoice", "Packing slip", "Credit note". */
  title: string;
  number?: string;
  /** Shown under the number, e.g. Issued, Due, Order date. A string is printed as given. */
  dates?: { label: string; value: Date | string }[];
  seller: DocumentParty;
  /** PNG or JPEG bytes (see `loadDocumentLogo`), drawn at most 140×56 pt at the top left. */
  logo?: Buffer;
  /** Blocks beside the seller's: bill to, ship to (at most three blocks fit a row with the seller's). */
  parties?: DocumentParty[];
  /** ISO 4217 code of every amount. */
  currency: string;
  /** BCP 47 locale for numbers and dates (default 'en'). */
  locale?: string;
  /** 'priced' (default): description, qty, unit price, tax, amount; 'quantities': description and qty. */
  columns?: 'priced' | 'quantities';
  /** The table's headings where a document is not a sale, e.g. a report's { description: 'Person', quantity: 'Hours' }. */
  headings?: Partial<Record<'description' | 'quantity' | 'unitPrice' | 'tax' | 'amount', string>>;
  lines: DocumentLine[];
  totals?: DocumentTotal[];
  notes?: string;
  /** Printed at the foot of every page (e.g. registered office, terms). */
  footer?: string;
}
