import svgCaptcha from 'svg-captcha';
import { CAPTCHA_IMAGE } from '../../domain/captcha.ts';
import type { Db } from '../db/database.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Four characters are generated; the input accepts up to six (accounts spec §9: captcha 6 characters). */
const CAPTCHA_SIZE = 4;
/** Expired captchas deleted by one issue at most. */
export const PURGE_BATCH = 100;

/**
 * The image: dark grey letters (#000–#444, at least 9.7 : 1 on the white the form shows it on) with
 * two mid-grey noise lines, at the size the form shows it. svg-captcha's coloured mode picks
 * letters 25–45 % darker than the background, too pale to read on a light one, so it is not used.
 */
export function drawCaptcha(): { data: string; text: string } {
  return svgCaptcha.create({
    size: CAPTCHA_SIZE, noise: 2, ignoreChars: '0oO1iIlL', color: false,
    width: CAPTCHA_IMAGE.width, height: CAPTCHA_IMAGE.height, fontSize: 40,
  });
}

export async function issueCaptcha(db: Db, captchaId: string, now = new Date()): Promise<string> {
  const { data, text } = drawCaptcha();
  const expires = new Date(now.getTime() + CAPTCHA_TTL_MS);
  await db.insertInto('captchas').values({ captcha_id: captchaId, answer: text.toLowerCase(), expires_at: expires, used_at: null })
    .onConflict((oc) => oc.column('captcha_id').doUpdateSet({ answer: text.toLowerCase(), expires_at: expires, used_at: null }))
    .execute();
  // Captchas long expired (kept one more TTL to answer 已过期 rather than 已失效) are deleted on the
  // way, at most PURGE_BATCH a call: each call adds one row and may remove many, so the table stays
  // small, and no call pays for a large backlog at once.
  await db.deleteFrom('captchas').where('captcha_id', 'in', (eb) => eb.selectFrom('captchas').select('captcha_id')
    .where('expires_at', '<', new Date(now.getTime() - CAPTCHA_TTL_MS)).limit(PURGE_BATCH)).execute();
  return data;
}

export type CaptchaCheck = 'ok' | 'missing' | 'wrong' | 'expired' | 'used';

/** One use: whatever the answer, the captcha is spent, so a wrong guess cannot be retried. */
export async function consumeCaptcha(db: Db, captchaId: string, answer: string, now = new Date()): Promise<CaptchaCheck> {
  const row = await db.updateTable('captchas').set({ used_at: now })
    .where('captcha_id', '=', captchaId).where('used_at', 'is', null)
    .returning(['answer', 'expires_at']).executeTakeFirst();
  if (!row) {
    const exists = await db.selectFrom('captchas').select('captcha_id').where('captcha_id', '=', captchaId).executeTakeFirst();
    return exists ? 'used' : 'missing';
  }
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return row.answer === answer.trim().toLowerCase() ? 'ok' : 'wrong';
}
