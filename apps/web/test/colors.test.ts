import { describe, expect, it } from 'vitest';
import { contrast, readableOn, tintOnWhite } from '../src/lib/colors';

describe('readable colours', () => {
  it('measures WCAG contrast', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('darkens a colour only as far as it must to read on its own tint', () => {
    for (const base of ['#fab005', '#40c057', '#228be6', '#fa5252', '#cd3197']) {
      const background = tintOnWhite(base, 0.12);
      expect(contrast(base, background)).toBeLessThan(5.5);
      const text = readableOn(base, background);
      expect(contrast(text, background)).toBeGreaterThanOrEqual(5.5);
      expect(contrast(text, background)).toBeLessThan(9);
    }
  });

  it('keeps a colour that already reads', () => {
    expect(readableOn('#1b1b1b', '#ffffff')).toBe('#1b1b1b');
  });
});
