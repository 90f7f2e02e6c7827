import type { FastifyInstance } from 'fastify';
import { type BusinessDocument, type DocumentParty, loadDocumentLogo, renderDocument } from '../../../kernel/documents';
import { tenantFilter } from '../../../kernel/resources';
import { commerceSettings, type PostalAddress } from '../tables';
import { orderDetail } from './order-actions';
import type { ShopTx } from './shop';

type Order = Awaited<ReturnType<typeof orderDetail>>;

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
};

/** An address as it is written on an envelope. */
export function addressLines(a: PostalAddress | null | undefined): string[] {
  if (!a) return [];
  return [
    a.line1,
    a.line2 ?? '',
    [a.city, a.state, a.postalCode].filter(Boolean).join(', '),
    countryName(a.country),
    a.phone ? `Phone ${a.phone}` : '',
  ].filter((l) => l.trim() !== '');
}

async function seller(
  app: FastifyInstance,
  s: ShopTx,
  communityLabel: string,
): Promise<{ party: DocumentParty; logo?: Buffer; footer?: string }> {
  const [settings] = await s.tx
    .select({
      businessName: commerceSettings.businessName,
      businessAddress: commerceSettings.businessAddress,
      taxId: commerceSettings.taxId,
      logo: commerceSettings.logo,
      invoiceFooter: commerceSettings.invoiceFooter,
    })
    .from(commerceSettings)
    .where(tenantFilter(commerceSettings, s.tenantId))
    .limit(1);
  const lines = (settings?.businessAddress ?? '').split('\n').map((l) => l.trim());
  if (settings?.taxId) lines.push(`Tax id ${settings.taxId}`);
  const logo = settings?.logo ? await loadDocumentLogo(app.storage, s.tenantId, settings.logo.fileId ?? settings.logo.url) : undefined;
  return {
    party: { label: 'From', name: settings?.businessName || communityLabel, lines: lines.filter(Boolean) },
    logo,
    footer: settings?.invoiceFooter ?? undefined,
  };
}

function parties(order: Order): DocumentParty[] {
  const ship = order.shippingAddress as PostalAddress;
  const bill = (order.billingAddress as PostalAddress | null) ?? ship;
  return [
    { label: 'Bill to', name: bill?.name || order.customerName, lines: [...addressLines(bill), order.email] },
    { label: 'Ship to', name: ship?.name || order.customerName, lines: addressLines(ship) },
  ];
}

const lineDetail = (l: Order['lines'][number]) => [l.variationTitle, l.sku ? `SKU ${l.sku}` : ''].filter(Boolean).join(' · ');

/** The order's invoice: every line with its price and tax, the totals as charged, refunds so far. */
export async function orderInvoice(
  app: FastifyInstance,
  s: ShopTx,
  orderId: string,
  communityLabel: string,
): Promise<{ pdf: Buffer; reference: string }> {
  const order = await orderDetail(s, orderId);
  const from = await seller(app, s, communityLabel);
  const doc: BusinessDocument = {
    title: 'Invoice',
    number: order.reference,
    dates: [
      { label: 'Order date', value: order.createdAt },
      ...(order.paidAt ? [{ label: 'Paid', value: order.paidAt }] : [{ label: 'Status', value: 'Awaiting payment' }]),
    ],
    seller: from.party,
    logo: from.logo,
    parties: parties(order),
    currency: order.currency,
    lines: order.lines.map((l) => ({
      description: l.title,
      detail: lineDetail(l) || undefined,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      tax: l.tax,
      amount: l.total,
    })),
    totals: [
      { label: 'Subtotal', amount: order.subtotal },
      ...(order.discount > 0 ? [{ label: order.couponCode ? `Discount (${order.couponCode})` : 'Discount', amount: -order.discount }] : []),
      { label: 'Shipping', amount: order.shipping },
      ...order.taxLines.map((t) => ({
        label: `${t.name} (${t.ratePpm / 10_000}%)${order.pricesIncludeTax ? ', included' : ''}`,
        amount: t.amount,
      })),
      ...(order.taxLines.length === 0 ? [{ label: order.pricesIncludeTax ? 'Tax, included' : 'Tax', amount: order.tax }] : []),
      { label: 'Total', amount: order.total, strong: true },
      ...(order.refunded > 0
        ? [
            { label: 'Refunded', amount: -order.refunded },
            { label: 'Net', amount: order.total - order.refunded, strong: true },
          ]
        : []),
    ],
    notes: order.notes ?? undefined,
    footer: from.footer,
  };
  return { pdf: await renderDocument(doc), reference: order.reference };
}

/** The packing slip: what goes in the parcel (quantities, no prices), to whom. */
export async function orderPackingSlip(
  app: FastifyInstance,
  s: ShopTx,
  orderId: string,
  communityLabel: string,
): Promise<{ pdf: Buffer; reference: string }> {
  const order = await orderDetail(s, orderId);
  const from = await seller(app, s, communityLabel);
  const pdf = await renderDocument({
    title: 'Packing slip',
    number: order.reference,
    dates: [{ label: 'Order date', value: order.createdAt }],
    seller: from.party,
    logo: from.logo,
    parties: parties(order).slice(1),
    currency: order.currency,
    columns: 'quantities',
    lines: order.lines.map((l) => ({ description: l.title, detail: lineDetail(l) || undefined, quantity: l.quantity })),
    notes: order.notes ?? undefined,
    footer: from.footer,
  });
  return { pdf, reference: order.reference };
}
