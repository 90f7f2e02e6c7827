// How long an SMS is and how many parts it takes. Dependency-free on purpose: the console imports
// this very file (apps/web/src/features/marketing/channels/sms-body-field.tsx) so the counter the
// editor shows is the one the server stores.
//
// A message is GSM-7 (GSM 03.38) when every character is in the basic table or its extension
// table; an extension character takes two septets (ESC + the character). Anything else makes the
// whole message UCS-2, counted in UTF-16 code units (an emoji outside the BMP takes two). A single
// message holds 160 septets or 70 units; a longer one is split in parts of 153 or 67 (each part
// carries a header), and a part never splits an escape pair or a surrogate pair.

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Characters as a reader counts them (code points). */
  characters: number;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the message takes. */
  units: number;
  segments: number;
  /** The capacity of each segment at this length: 160/153 (GSM-7) or 70/67 (UCS-2). */
  perSegment: number;
  /** Units still free in the last segment. */
  remaining: number;
  /** The characters that forced UCS-2 (each once, in order of appearance). */
  nonGsm: string[];
}

const LIMITS: Record<SmsEncoding, { single: number; multi: number }> = {
  gsm7: { single: 160, multi: 153 },
  ucs2: { single: 70, multi: 67 },
};

/** The units each character takes under an encoding (code points; a surrogate pair is one entry of 2). */
function unitsOf(text: string, encoding: SmsEncoding): number[] {
  return Array.from(text, (ch) => (encoding === 'gsm7' ? (extension.has(ch) ? 2 : 1) : ch.length));
}

/** Parts of `capacity` units, filled greedily without splitting a character's units. */
function segmentsOf(units: number[], capacity: number): { segments: number; lastUsed: number } {
  let segments = 1;
  let used = 0;
  for (const size of units) {
    if (used + size > capacity) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { segments, lastUsed: used };
}

/** Counts an SMS body: its encoding, length and segments. */
export function countSms(text: string): SmsCount {
  const nonGsm = [...new Set(Array.from(text).filter((ch) => !basic.has(ch) && !extension.has(ch)))];
  const encoding: SmsEncoding = nonGsm.length > 0 ? 'ucs2' : 'gsm7';
  const perChar = unitsOf(text, encoding);
  const units = perChar.reduce((sum, n) => sum + n, 0);
  const characters = perChar.length;
  const limit = LIMITS[encoding];
  if (units === 0) return { encoding, characters, units, segments: 0, perSegment: limit.single, remaining: limit.single, nonGsm };
  if (units <= limit.single) {
    return { encoding, characters, units, segments: 1, perSegment: limit.single, remaining: limit.single - units, nonGsm };
  }
  const { segments, lastUsed } = segmentsOf(perChar, limit.multi);
  return { encoding, characters, units, segments, perSegment: limit.multi, remaining: limit.multi - lastUsed, nonGsm };
}
