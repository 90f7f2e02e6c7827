/// <reference path="./geoip-country.d.ts" />
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type CountrySource = 'header' | 'geoip' | 'community' | 'none';

const COUNTRY = /^[A-Z]{2}$/;

let geoip: Promise<{ lookup(ip: string): { country: string } | null }> | undefined;
/** The offline GeoIP database (geoip-country, shipped in the package), loaded on first use (~9 MB). */
const geoipDatabase = () => {
  geoip ??= import('geoip-country').then((m) => m.default);
  return geoip;
};

/**
 * The country an admin signs in from, for regional prices (seed 001 §9): the header a trusted proxy
 * sets (BILLING_COUNTRY_HEADER) when configured, else the offline GeoIP database on the client's
 * address (which honours TRUST_PROXY), else the community's billing country, else none.
 */
export async function requestCountry(
  app: FastifyInstance,
  req: FastifyRequest,
  communityCountry?: () => Promise<string | undefined>,
): Promise<{ country: string | null; source: CountrySource }> {
  const header = app.config.billingCountryHeader;
  if (header) {
    const value = req.headers[header];
    const country = typeof value === 'string' ? value.trim().toUpperCase() : '';
    if (COUNTRY.test(country) && country !== 'XX') return { country, source: 'header' };
  }
  const found = (await geoipDatabase()).lookup(req.ip)?.country;
  if (found && COUNTRY.test(found)) return { country: found, source: 'geoip' };
  const own = await communityCountry?.();
  if (own && COUNTRY.test(own)) return { country: own, source: 'community' };
  return { country: null, source: 'none' };
}
