import { describe, expect, it } from 'vitest';
import { demoExtras } from './storefront-client';

describe('demo shop cart extras (seed 000 §3, §9)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it.each([0, 0.5, 0.999999])('stays within 4–23 %, 1–4 offers and 10 days (random %s)', (r) => {
    const extras = demoExtras('p1', now, () => r);
    expect(extras.discount_in_percentage).toBeGreaterThanOrEqual(4);
    expect(extras.discount_in_percentage).toBeLessThanOrEqual(23);
    expect(extras.offers_count).toBeGreaterThanOrEqual(1);
    expect(extras.offers_count).toBeLessThanOrEqual(4);
    const days = (new Date(extras.delivery_date).getTime() - new Date('2026-03-01').getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(1);
    expect(days).toBeLessThanOrEqual(10);
    expect(extras.objectID).toBe('p1');
  });
  it('reaches both ends of each range', () => {
    expect(demoExtras('p', now, () => 0)).toMatchObject({ discount_in_percentage: 4, offers_count: 1, delivery_date: '2026-03-02' });
    expect(demoExtras('p', now, () => 0.9999)).toMatchObject({ discount_in_percentage: 23, offers_count: 4, delivery_date: '2026-03-11' });
  });
});
