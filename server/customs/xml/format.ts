/**
 * Value formats of CEB messages (ceb-messages §6), pure: decimals without exponent or binary noise,
 * times in China time (customs' clock, UTC+8 without daylight saving) whatever the server's zone.
 */

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** The China-time calendar fields of an instant, zero-padded. */
function chinaParts(date: Date) {
  const d = new Date(date.getTime() + CHINA_OFFSET_MS);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return {
    y: p(d.getUTCFullYear(), 4), M: p(d.getUTCMonth() + 1), d: p(d.getUTCDate()),
    H: p(d.getUTCHours()), m: p(d.getUTCMinutes()), s: p(d.getUTCSeconds()), S: p(d.getUTCMilliseconds(), 3),
  };
}

/** yyyyMMddHHmmssSSS, the receipts' returnTime. */
export function returnTimeOf(date: Date): string {
  const t = chinaParts(date);
  return `${t.y}${t.M}${t.d}${t.H}${t.m}${t.s}${t.S}`;
}

/** 'yyyyMMddHHmmssSSS' → 'YYYY-MM-DD HH:mm:ss.SSS' for people; anything else is returned as it is. */
export function displayReturnTime(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}.${m[7]}` : value;
}

/**
 * A time value as yyyyMMddHHmmss: a Date (China time), 'YYYY-MM-DD HH:mm:ss' (the API's China-time
 * text), 14 digits already, or an ISO string with a zone. Undefined when it cannot be read.
 */
export function formatDateTime14(value: unknown): string | undefined {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    const t = chinaParts(value);
    return `${t.y}${t.M}${t.d}${t.H}${t.m}${t.s}`;
  }
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  const local = /^(\d{4})-?(\d{2})-?(\d{2})[ T]?(\d{2}):?(\d{2}):?(\d{2})$/.exec(v);
  if (local) return local.slice(1).join('');
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? undefined : formatDateTime14(d);
  }
  return undefined;
}

/** A date value as yyyyMMdd: a Date (China date), 'YYYY-MM-DD', 8 digits, or a date-time (its date). */
export function formatDate8(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
    if (m) return `${m[1]}${m[2]}${m[3]}`;
  }
  return formatDateTime14(value)?.slice(0, 8);
}

/**
 * A decimal as customs reads it: no exponent, no trailing zeros, at most `scale` decimals
 * (rounded half away from zero). 10 → "10"; 0.1 + 0.2 → "0.3"; "12345678912345.12345" stays
 * exact (strings are rounded as text, so values beyond double precision survive).
 * Undefined when the value is not a number.
 */
export function formatDecimal(value: unknown, scale: number): string | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // The shortest round-trip form is the user's own digits whenever they fit in a double;
    // binary noise (0.30000000000000004) has more decimals than the scale and is rounded away.
    text = Math.abs(value) < 1e21 && !/e/i.test(String(value)) ? String(value) : value.toFixed(Math.min(scale, 100));
  } else if (typeof value === 'string' && value.trim() !== '') {
    text = value.trim();
  } else {
    return undefined;
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) return undefined;
  const negative = m[1] === '-';
  let int = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  let frac = m[3] ?? '';
  if (frac.length > scale) {
    const roundUp = frac.charCodeAt(scale) >= 53; // '5'
    frac = frac.slice(0, scale);
    if (roundUp) {
      // add one unit in the last kept place, carrying through the digits as text
      const digits = (int + frac).split('').map(Number);
      let i = digits.length - 1;
      while (i >= 0) {
        if (digits[i]! < 9) { digits[i]!++; break; }
        digits[i] = 0;
        i--;
      }
      const joined = (i < 0 ? '1' : '') + digits.join('');
      int = joined.slice(0, joined.length - frac.length) || '0';
      frac = joined.slice(joined.length - frac.length);
    }
  }
  frac = frac.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/** An integer as text (no exponent, no decimals). Undefined when the value is not a whole number. */
export function formatInteger(value: unknown): string | undefined {
  const text = formatDecimal(value, 0);
  if (text === undefined) return undefined;
  // 1.5 would round to 2: an integer field holding a fraction is a wrong value, not a rounding case
  const exact = formatDecimal(value, 20);
  return exact === text ? text : undefined;
}
