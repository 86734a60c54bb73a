/**
 * Reads the login and registration captcha as a person reads it, for the e2e runs of a production
 * server (NODE_ENV=production refuses CAPTCHA=off): the image the page shows is fetched from its
 * own address, and each letter's outline is matched against the glyphs of the font svg-captcha
 * draws with (its own `options.font`).
 *
 * svg-captcha writes each letter as one filled `<path>` (the noise lines are unfilled strokes), in
 * absolute M/L/Q/C/Z commands, the glyph moved to its slot and every point nudged by at most 0.1.
 * So a letter is the glyph whose commands are the same kinds and whose points, less the first
 * point, lie within a few tenths of the letter's; letters read left to right (by their mean x).
 *
 * Fetching the image again issues a new answer for the same captchaId (server/auth/captcha.ts
 * issueCaptcha upserts it), so the answer read is the one the server now expects for that id.
 */
import svgCaptcha from 'svg-captcha';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

type Command = { type: string; points: number[] };

interface Glyph { getPath(x: number, y: number, fontSize: number): { commands: Record<string, number | string>[] } }
interface Font { charToGlyph(ch: string): Glyph }

/** the form's captcha: server/auth/captcha.ts drawCaptcha */
const FONT_SIZE = 40;
const IGNORED = '0oO1iIlL';
/** jitter ±0.1 on both points compared, plus the two decimals written */
const TOLERANCE = 0.35;

function pointsOf(command: Record<string, number | string>): number[] {
  switch (command.type) {
    case 'M': case 'L': return [command.x as number, command.y as number];
    case 'Q': return [command.x1 as number, command.y1 as number, command.x as number, command.y as number];
    case 'C': return [command.x1 as number, command.y1 as number, command.x2 as number, command.y2 as number, command.x as number, command.y as number];
    default: return [];
  }
}

/** Every letter the captcha may show, as commands relative to its first point. */
const glyphs: { ch: string; commands: Command[] }[] = (() => {
  const font = (svgCaptcha as unknown as { options: { font: Font } }).options.font;
  return [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'].filter((ch) => !IGNORED.includes(ch)).map((ch) => ({
    ch, commands: font.charToGlyph(ch).getPath(0, 0, FONT_SIZE).commands.map((c) => ({ type: String(c.type), points: pointsOf(c) })),
  }));
})();

function parsePath(d: string): Command[] {
  return [...d.matchAll(/([MLQCZ])([^MLQCZ]*)/g)].map(([, type, rest]) => ({ type: type!, points: (rest!.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number) }));
}

/** How far the letter's outline is from the glyph's, or Infinity when their commands differ. */
function distance(letter: Command[], glyph: Command[]): number {
  if (letter.length !== glyph.length || glyph.length === 0) return Infinity;
  const [x0, y0] = letter[0]!.points, [gx0, gy0] = glyph[0]!.points;
  let worst = 0;
  for (const [i, c] of letter.entries()) {
    const g = glyph[i]!;
    if (c.type !== g.type || c.points.length !== g.points.length) return Infinity;
    for (const [j, v] of c.points.entries()) {
      const shifted = j % 2 === 0 ? v - x0! + gx0! : v - y0! + gy0!;
      worst = Math.max(worst, Math.abs(shifted - g.points[j]!));
    }
  }
  return worst;
}

/** The text of a captcha SVG as svg-captcha drew it. */
export function readCaptchaSvg(svg: string): string {
  const letters = [...svg.matchAll(/<path fill="[^"]*" d="([^"]+)"/g)].map(([, d]) => parsePath(d!));
  return letters
    .map((commands) => {
      const best = glyphs.map((g) => ({ ch: g.ch, error: distance(commands, g.commands) })).sort((a, b) => a.error - b.error)[0];
      if (!best || best.error > TOLERANCE) throw new Error('captcha: a letter matches no glyph of the font');
      const xs = commands.flatMap((c) => c.points.filter((_, j) => j % 2 === 0));
      return { ch: best.ch, x: xs.reduce((a, b) => a + b, 0) / xs.length };
    })
    .sort((a, b) => a.x - b.x)
    .map((l) => l.ch)
    .join('');
}

/** Fills the page's 验证码 with the answer of the captcha image it shows. */
export async function answerCaptcha(page: Page): Promise<void> {
  const image = page.getByAltText('验证码图片');
  // the page's own request for the image first: a later one would issue the id's answer anew
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
  const src = await image.getAttribute('src');
  if (!src) throw new Error('captcha: the image has no address');
  const response = await page.request.get(new URL(src, page.url()).toString());
  if (!response.ok()) throw new Error(`captcha: the image answered ${response.status()}`);
  await page.getByLabel('验证码').fill(readCaptchaSvg(await response.text()));
}
