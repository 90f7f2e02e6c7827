import type { MantineColorsTuple } from '@mantine/core';

export const DEFAULT_PRIMARY = '#cd3197';
const HEX = /^#([0-9a-f]{6})$/i;

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

function toRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: [number, number, number], b: [number, number, number], weight: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * weight, a[1] + (b[1] - a[1]) * weight, a[2] + (b[2] - a[2]) * weight];
}

/** Ten shades for Mantine with the brand colour itself at index 6 (the primary shade). */
export function shadesOf(hex: string): MantineColorsTuple {
  const base = toRgb(isHexColour(hex) ? hex : DEFAULT_PRIMARY);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const lighter = [0.92, 0.8, 0.66, 0.5, 0.34, 0.17].map((w) => toHex(mix(base, white, w)));
  const darker = [0.14, 0.28, 0.42].map((w) => toHex(mix(base, black, w)));
  return [...lighter, toHex(base), ...darker] as unknown as MantineColorsTuple;
}

/** WCAG relative luminance, to pick a readable text colour on a brand background. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` at `alpha` over white: the tinted background of Mantine's "light" variant in the light scheme. */
export function tintOnWhite(hex: string, alpha: number): string {
  return toHex(mix([255, 255, 255], toRgb(hex), alpha));
}

/**
 * The first of `hex` darkened step by step towards black that reads at `ratio` on `background`. The
 * default keeps WCAG AA's 4.5:1 with room for what lies under a translucent tint (striped or hovered
 * table rows, alerts).
 */
export function readableOn(hex: string, background: string, ratio = 5.5): string {
  const base = toRgb(hex);
  for (let w = 0; w <= 1; w += 0.05) {
    const candidate = toHex(mix(base, [0, 0, 0], w));
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return '#000000';
}
