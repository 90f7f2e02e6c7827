/**
 * Carriers a shop dispatches with, and where a parcel is tracked: `{tracking}` in the template is
 * replaced by the (URL-encoded) tracking number. A carrier not in the list is still accepted as
 * typed (a local courier), with the tracking link the admin gives, if any.
 */
export interface Carrier {
  name: string;
  /** Countries it is mostly used in (ISO 3166-1 alpha-2), to offer the shop's own first. */
  countries: readonly string[];
  trackingUrl: string;
}

export const CARRIERS: readonly Carrier[] = [
  { name: 'Blue Dart', countries: ['IN'], trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={tracking}' },
  { name: 'Delhivery', countries: ['IN'], trackingUrl: 'https://www.delhivery.com/track/package/{tracking}' },
  { name: 'DTDC', countries: ['IN'], trackingUrl: 'https://www.dtdc.in/trace.asp?strCnno={tracking}' },
  { name: 'Ecom Express', countries: ['IN'], trackingUrl: 'https://ecomexpress.in/tracking/?awb_field={tracking}' },
  { name: 'Ekart', countries: ['IN'], trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{tracking}' },
  {
    name: 'India Post',
    countries: ['IN'],
    trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={tracking}',
  },
  { name: 'Shiprocket', countries: ['IN'], trackingUrl: 'https://shiprocket.co/tracking/{tracking}' },
  { name: 'Xpressbees', countries: ['IN'], trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={tracking}' },
  {
    name: 'DHL Express',
    countries: [],
    trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={tracking}',
  },
  { name: 'FedEx', countries: [], trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={tracking}' },
  { name: 'UPS', countries: [], trackingUrl: 'https://www.ups.com/track?tracknum={tracking}' },
  { name: 'USPS', countries: ['US'], trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}' },
  { name: 'Royal Mail', countries: ['GB'], trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking}' },
  {
    name: 'Canada Post',
    countries: ['CA'],
    trackingUrl: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={tracking}',
  },
  { name: 'Australia Post', countries: ['AU'], trackingUrl: 'https://auspost.com.au/mypost/track/details/{tracking}' },
  {
    name: 'Deutsche Post DHL',
    countries: ['DE'],
    trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode={tracking}',
  },
];

const byName = new Map(CARRIERS.map((c) => [c.name.toLowerCase(), c]));

/** The listed carrier of that name (case-insensitive), if any. */
export const findCarrier = (name: string): Carrier | undefined => byName.get(name.trim().toLowerCase());

/** The tracking link of a parcel with a listed carrier; undefined for an unlisted carrier or no number. */
export function trackingUrlOf(carrier: string, trackingNumber: string | null | undefined): string | undefined {
  const listed = findCarrier(carrier);
  if (!listed || !trackingNumber?.trim()) return undefined;
  return listed.trackingUrl.replace('{tracking}', encodeURIComponent(trackingNumber.trim()));
}

/** The carriers, the shop's country's first (then the rest by name). */
export function carriersFor(country: string): Carrier[] {
  const local = (c: Carrier) => (c.countries.includes(country) ? 0 : 1);
  return [...CARRIERS].sort((a, b) => local(a) - local(b) || a.name.localeCompare(b.name));
}
