/**
 * The e2e captcha reader (captcha.ts) reads what the server draws: many captchas of
 * server/auth/captcha.ts drawCaptcha, each read back to its text (the answer is compared lowercased).
 */
import { describe, expect, it } from 'vitest';
import { drawCaptcha } from '../../server/auth/captcha.ts';
import { readCaptchaSvg } from './captcha.ts';

describe('readCaptchaSvg', () => {
  it('reads 200 captchas of the server as drawn', () => {
    for (let i = 0; i < 200; i += 1) {
      const { data, text } = drawCaptcha();
      expect(readCaptchaSvg(data).toLowerCase()).toBe(text.toLowerCase());
    }
  });

  it('refuses an image that is no captcha of the font', () => {
    expect(() => readCaptchaSvg('<svg><path fill="#222" d="M0 0L1 1L2 0Z"/></svg>')).toThrow(/no glyph/);
  });
});
