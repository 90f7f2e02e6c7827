// A scheduled send is chosen as a wall-clock time in a time zone (the campaign's, stored with it),
// not in the browser's: "09:00 in Asia/Kolkata" is the same instant whoever schedules it.

/** The zone's offset from UTC at `instant`, in minutes (Kolkata: +330). */
function offsetAt(instant: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of wall time `wall` ('YYYY-MM-DD HH:mm[:ss]', as the date-time picker gives it) in
 * `zone`. Across a clock change it is read as clocks are (Temporal's "compatible"): a time the change
 * skips (02:30 when 02:00 becomes 03:00) at the offset before it, so an hour later on the new clock
 * (03:30); a time that happens twice, its first occurrence.
 */
export function wallTimeToUtc(wall: string, zone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall);
  if (!m) throw new Error(`Not a date and time: ${wall}`);
  const [, y, mo, d, h, mi, s] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  // The offsets half a day either side (a zone changes its clock at most once in a day).
  const before = offsetAt(new Date(asUtc - 43_200_000), zone);
  const after = offsetAt(new Date(asUtc + 43_200_000), zone);
  const valid = [before, after]
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant, i) => offsetAt(new Date(instant), zone) === [before, after][i]);
  return new Date(valid.length ? Math.min(...valid) : asUtc - before * 60_000);
}

/** The browser's time zone (the composer's default for a new campaign). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
