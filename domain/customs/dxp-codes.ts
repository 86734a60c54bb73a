/**
 * The exchange's transfer receipt (DxpRep, ceb-messages §7) read for people and for the outbox,
 * pure. A ResponseCode (or a receiver's Result Code) of zeros only is a success; the others fall in
 * the families of spec ch. 7 (ceb-messages §5.3): 0001–0999 format, 1000–1999 security, 2000–2999
 * routing, 3000–3999 system, 4000–9999 defined by the exchange. The first three come back the
 * same however often the same bytes are sent (final at once); the others may pass later (retried).
 */
import { receiptText } from '../texts/receipts.ts';

/** customs_receipts.message_type of a transfer receipt, and of a DXP document nothing here reads. */
export const DXP_REP = 'DxpRep';
export const DXP_OTHER = 'DXP';

export const isDxpSuccessCode = (code: string): boolean => /^0+$/.test(code.trim());

const numberOf = (code: string): number => (/^\d{1,9}$/.test(code.trim()) ? Number(code.trim()) : NaN);

/** A failure a redelivery of the same bytes cannot cure: format, security and routing (0001–2999). */
export function dxpFailureIsFinal(code: string): boolean {
  const n = numberOf(code);
  return n >= 1 && n <= 2999;
}

/** The family of a failing code, as a cause. */
export function dxpFamilyOf(code: string): string {
  const n = numberOf(code);
  const f = receiptText.dxpFamilies;
  if (n >= 1 && n <= 999) return f.format;
  if (n >= 1000 && n <= 1999) return f.security;
  if (n >= 2000 && n <= 2999) return f.routing;
  if (n >= 3000 && n <= 3999) return f.system;
  return f.other;
}

export const transferStatusName = (code: string): string =>
  (isDxpSuccessCode(code) ? receiptText.transferOk : receiptText.transferFailed(code));

/** The transport code table's key for a code (1 → 0001); undefined when not a number. */
export function dxpCodeKey(code: string): string | undefined {
  const n = numberOf(code);
  return Number.isNaN(n) ? undefined : String(n).padStart(4, '0');
}
