/**
 * The name an uploaded file is shown by (issue 31 item 3; docs/decisions/upload-names-as-given.md).
 * The server stores every upload under a name it chooses (uploads/<company>/<uuid>.<ext>), so the
 * name a person's computer gives is never a path and needs no rule of its own: 入库明细单数据模板 (1).xlsx
 * (Chrome's second download of our own template) and wh-filled.xlsx are kept and shown as named.
 * Only what cannot be shown safely is changed: a directory part (an old browser sends C:\…\a.xlsx;
 * a hostile client ../../a.xlsx) is dropped, control characters (NUL, line breaks, the bidi
 * overrides that make a name read backwards) become _, and a name longer than the narrowest
 * column holding it (200 characters) is shortened in the middle, keeping its extension.
 */

/** Characters of a shown name at most: company_files.file_name and stored_files.file_name hold 200. */
export const UPLOAD_NAME_MAX = 200;

// C0 and C1 controls, DEL, and the invisible direction marks and overrides (U+200E/F, U+202A–E, U+2066–9)
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
// half of a surrogate pair alone is no character: no column or header can take it (encodeURIComponent throws)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The name to keep and show for an uploaded file named `raw` by the client ('' when nothing is left). */
export function uploadDisplayName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const name = last.replace(LONE_SURROGATE, '\uFFFD').replace(UNSHOWABLE, '_').trim();
  const chars = [...name];
  if (chars.length <= UPLOAD_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && [...name.slice(dot)].length <= 16 ? [...name.slice(dot)] : [];
  return [...chars.slice(0, UPLOAD_NAME_MAX - ext.length - 1), '…', ...ext].join('');
}
