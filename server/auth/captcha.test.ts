import { describe, expect, it } from 'vitest';
import { CAPTCHA_IMAGE } from '../../domain/captcha.ts';
import { drawCaptcha } from './captcha.ts';

/** WCAG 2 relative luminance of #rgb / #rrggbb. */
function luminance(hex: string): number {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('drawCaptcha', () => {
  it('draws at the size the login form shows it, 1 : 1', () => {
    const { data } = drawCaptcha();
    expect(data).toContain(`width="${CAPTCHA_IMAGE.width}" height="${CAPTCHA_IMAGE.height}"`);
    expect(data).toContain(`viewBox="0,0,${CAPTCHA_IMAGE.width},${CAPTCHA_IMAGE.height}"`);
  });

  it('draws its letters dark enough to read on white (contrast ≥ 4.5 : 1, WCAG AA), whatever the draw', () => {
    for (let i = 0; i < 50; i += 1) {
      const { data, text } = drawCaptcha();
      const fills = [...data.matchAll(/<path fill="(#[0-9a-f]{3,6})"/gi)].map((m) => m[1]!);
      expect(fills).toHaveLength(text.length);
      for (const fill of fills) expect(contrastOnWhite(fill)).toBeGreaterThanOrEqual(4.5);
      expect(data).not.toContain('<rect'); // no tinted background: the form's white is behind it
    }
  });
});
