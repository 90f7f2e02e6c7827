import { describe, expect, it } from 'vitest';
import { wallTimeToUtc } from '../src/features/campaigns/zoned-time';

describe('a scheduled send in the campaign’s time zone', () => {
  it('turns the picked wall time into the instant in that zone, whatever the browser’s zone', () => {
    expect(wallTimeToUtc('2026-07-01 09:00:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-01T03:30:00.000Z');
    expect(wallTimeToUtc('2026-01-15 09:00:00', 'America/New_York').toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(wallTimeToUtc('2026-07-15 09:00', 'America/New_York').toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(wallTimeToUtc('2026-12-31 23:30:00', 'UTC').toISOString()).toBe('2026-12-31T23:30:00.000Z');
    expect(wallTimeToUtc('2026-06-01 00:15:00', 'Pacific/Auckland').toISOString()).toBe('2026-05-31T12:15:00.000Z');
  });

  it('across clock changes: a skipped time at the offset after the change, a repeated one at its first occurrence', () => {
    // Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST, so 02:30 does not exist: it is 03:30 CEST, 01:30Z.
    expect(wallTimeToUtc('2026-03-29 02:30:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Berlin, 25 October 2026: 03:00 CEST becomes 02:00 CET, so 02:30 happens twice; the first is 00:30Z.
    expect(wallTimeToUtc('2026-10-25 02:30:00', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(() => wallTimeToUtc('tomorrow', 'UTC')).toThrow('Not a date and time');
  });
});
