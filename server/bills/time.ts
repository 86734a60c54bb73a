/**
 * The one formatter of bill times: the API speaks China wall time ('YYYY-MM-DD HH:mm:ss',
 * Asia/Shanghai, UTC+8 without DST since 1991), whatever the server's or the database's zone.
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

function chinaParts(d: Date) {
  const c = new Date(d.getTime() + CHINA_OFFSET_MS);
  return { y: c.getUTCFullYear(), mo: c.getUTCMonth() + 1, d: c.getUTCDate(), h: c.getUTCHours(), mi: c.getUTCMinutes(), s: c.getUTCSeconds() };
}

/** 'YYYY-MM-DD HH:mm:ss' in China time; null for no time. */
export function chinaDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const p = chinaParts(date);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}

/** 'YYYYMMDD' in China time (file names). */
export function chinaCompactDay(date: Date): string {
  const p = chinaParts(date);
  return `${p.y}${pad(p.mo)}${pad(p.d)}`;
}

/** A receipt's customs time (yyyyMMddHHmmss[SSS]) in the API's format; anything else as it is. */
export function customsTime(value: string | null): string | null {
  if (!value) return null;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\d{0,3}$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : value;
}
