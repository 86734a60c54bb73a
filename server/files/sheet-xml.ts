/**
 * The first sheet of an unpacked .xlsx (its XML parts by zip name) as plain rows, read straight
 * from SpreadsheetML (ECMA-376 part 1, §18.3 sheet data, §18.4 shared strings, §18.8 styles).
 *
 * Why not exceljs: its whole-workbook reader builds a cell object model (styles, a Cell per cell,
 * a Row per row) to give back a few plain values, about 13 bytes of heap per byte of XML. A
 * 20,000-row data template (9.6 MB of XML) took 1.4–2.6 s on an idle core and 6–10 s under load,
 * mostly in that model and its garbage collection inside the worker's heap ceiling. Only the
 * values are wanted, so the parts are scanned once with a few regular expressions.
 *
 * A cell reads as exceljs read it (and as a person sees it): shared and inline strings with their
 * rich-text runs joined (phonetic runs left out), numbers as numbers — as Dates (their wall time in
 * UTC) when the cell's number format is a date or time format —, booleans, a formula's cached
 * result, an error cell empty. Rows without any value are skipped, as exceljs' eachRow skips them.
 */
import type { SheetCell, SheetRow } from './sheet-rows.ts';

export interface SheetScan {
  /** rows with a value in any column */
  rowCount: number;
  rows: SheetRow[];
  /** true when `onRow` stopped the scan */
  truncated?: boolean;
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text with its character and entity references resolved. */
export function unescapeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
    dec !== undefined ? String.fromCodePoint(Number(dec)) : hex !== undefined ? String.fromCodePoint(parseInt(hex, 16)) : NAMED[name!]!);
}

/** The value of attribute `name` in a start tag's text (`r="B3" t="s"`), or undefined. */
const attributePatterns = new Map<string, RegExp>();
function attribute(tag: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) attributePatterns.set(name, (pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const at = pattern.exec(tag);
  return at ? unescapeXml(at[1] ?? at[2] ?? '') : undefined;
}

/** The text of every <t> in `xml` joined, phonetic runs (<rPh>) left out. */
function runsText(xml: string): string {
  const body = xml.includes('<rPh') ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  let out = '';
  for (const m of body.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) out += m[1] === undefined ? '' : unescapeXml(m[1]);
  return out;
}

/** xl/sharedStrings.xml: one text per <si>, in order. */
export function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  const out: string[] = [];
  for (const m of xml.matchAll(/<si(?:\s[^>]*)?>([\s\S]*?)<\/si>|<si(?:\s[^>]*)?\/>/g)) out.push(m[1] === undefined ? '' : runsText(m[1]));
  return out;
}

/** Built-in number formats that show a date or a time (ECMA-376 §18.8.30, with the East Asian ones). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Whether a format code shows a date or time: y, m, d, h, s outside quoted text and [..] sections. */
export function isDateFormat(code: string): boolean {
  return /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '').replace(/\\./g, ''));
}

/** xl/styles.xml: for each cell style index (c@s), whether its number format is a date format. */
export function dateStyles(xml: string | undefined): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<numFmt\s([^>]*?)\/?>/g)) {
    const id = attribute(m[1]!, 'numFmtId');
    const code = attribute(m[1]!, 'formatCode');
    if (id !== undefined && code !== undefined) custom.set(Number(id), code);
  }
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? '';
  const out: boolean[] = [];
  for (const m of xfs.matchAll(/<xf\b([^>]*?)\/?>/g)) {
    const id = Number(attribute(m[1]!, 'numFmtId') ?? 0);
    const code = custom.get(id);
    out.push(code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id));
  }
  return out;
}

/** Whether the workbook counts days from 1904 (workbookPr@date1904). */
export const uses1904 = (workbookXml: string) => /<workbookPr\b[^>]*\sdate1904\s*=\s*["'](?:1|true)["']/.test(workbookXml);

/** The zip name of the workbook's first sheet (first in <sheets>, through the workbook's relationships), or null. */
export function firstSheetPart(workbookXml: string, relsXml: string | undefined): string | null {
  const sheet = /<sheet\s([^>]*?)\/?>/.exec(workbookXml);
  if (!sheet) return null;
  const id = /(?:^|\s)[\w]+:id\s*=\s*"([^"]*)"/.exec(sheet[1]!)?.[1];
  if (id === undefined || !relsXml) return null;
  for (const m of relsXml.matchAll(/<Relationship\s([^>]*?)\/?>/g)) {
    if (attribute(m[1]!, 'Id') !== id) continue;
    const target = attribute(m[1]!, 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  return null;
}

/** Column index (0 = A) of a cell reference such as `AB12`. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** Excel's serial day number as the Date exceljs makes of it (the wall time, read as UTC). */
const excelDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

export interface SheetContext {
  strings: readonly string[];
  dates: readonly boolean[];
  date1904: boolean;
}

/** A start tag's r, t and s attributes (a <row>'s or a <c>'s). */
interface CellAttributes { r?: string; t?: string; s?: string }
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The r, t and s attributes of the start tag between `from` and `to` in `xml`, read with indexOf:
 * this runs once per cell (260,000 times for a 20,000-row template), where a regular expression's
 * match objects cost several times the scan.
 */
function tagAttributes(xml: string, from: number, to: number): CellAttributes {
  const out: CellAttributes = {};
  let i = from;
  while (i < to) {
    const eq = xml.indexOf('=', i);
    if (eq < 0 || eq >= to) break;
    let nameEnd = eq;
    while (nameEnd > i && isSpace(xml.charCodeAt(nameEnd - 1))) nameEnd--;
    let nameStart = nameEnd;
    while (nameStart > i && !isSpace(xml.charCodeAt(nameStart - 1))) nameStart--;
    let open = eq + 1;
    while (open < to && isSpace(xml.charCodeAt(open))) open++;
    const quote = xml[open];
    if (quote !== '"' && quote !== "'") break;
    const close = xml.indexOf(quote, open + 1);
    if (close < 0 || close > to) break;
    if (nameEnd - nameStart === 1) {
      const name = xml[nameStart];
      if (name === 'r' || name === 't' || name === 's') out[name] = unescapeXml(xml.slice(open + 1, close));
    }
    i = close + 1;
  }
  return out;
}

/** The index of the next start tag `<name` (followed by a space, `>` or `/`) at or after `from` and before `to`, or -1. */
function nextTag(xml: string, name: string, from: number, to: number): number {
  for (let at = xml.indexOf(`<${name}`, from); at >= 0 && at < to; at = xml.indexOf(`<${name}`, at + 1)) {
    const c = xml.charCodeAt(at + 1 + name.length);
    if (isSpace(c) || c === 62 /* > */ || c === 47 /* / */) return at;
  }
  return -1;
}

/** A <c>'s value from its attributes and body; `undefined` when the cell holds no value at all. */
function cellOf(attrs: CellAttributes, body: string, ctx: SheetContext): SheetCell | undefined {
  const type = attrs.t ?? 'n';
  if (type === 'inlineStr') {
    const is = /<is>([\s\S]*?)<\/is>/.exec(body);
    return is ? runsText(is[1]!) : undefined;
  }
  const v = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(body);
  if (!v) return undefined;
  const text = unescapeXml(v[1]!);
  switch (type) {
    case 's': return ctx.strings[Number(text)] ?? '';
    case 'str': return text;
    case 'b': return text === '1' || text === 'true';
    case 'e': return null;
    case 'd': return new Date(text.endsWith('Z') || /[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
    default: {
      const n = Number(text);
      if (Number.isNaN(n)) return text;
      const style = attrs.s;
      return style !== undefined && ctx.dates[Number(style)] === true ? excelDate(n, ctx.date1904) : n;
    }
  }
}

/**
 * The rows of a worksheet's XML, their first `columns` cells each. `onRow` sees each kept row
 * (to bound what is kept) and may answer 'stop': that row is the last one kept and the scan ends
 * there (truncated); a row whose every cell is empty is skipped. `position` carries the last row
 * number from one piece of a sheet to the next (rows without r count on from it).
 */
export function scanSheet(xml: string, columns: number, ctx: SheetContext, onRow: (row: SheetRow) => void | 'stop', position = { last: 0 }): SheetScan {
  const rows: SheetRow[] = [];
  let last = position.last;
  for (let at = nextTag(xml, 'row', 0, xml.length); at >= 0; at = nextTag(xml, 'row', at + 1, xml.length)) {
    const tagEnd = xml.indexOf('>', at);
    if (tagEnd < 0) break;
    const rowAttrs = tagAttributes(xml, at + 4, tagEnd);
    const n = rowAttrs.r !== undefined ? Number(rowAttrs.r) : last + 1;
    last = n;
    position.last = n;
    if (xml.charCodeAt(tagEnd - 1) === 47) continue; // <row/>
    const rowEnd = xml.indexOf('</row>', tagEnd);
    if (rowEnd < 0) break;
    const cells: SheetCell[] = new Array<SheetCell>(columns).fill(null);
    let any = false;
    let col = -1;
    for (let c = nextTag(xml, 'c', tagEnd, rowEnd); c >= 0; c = nextTag(xml, 'c', c + 1, rowEnd)) {
      const cEnd = xml.indexOf('>', c);
      const attrs = tagAttributes(xml, c + 2, cEnd);
      col = attrs.r !== undefined ? columnOf(attrs.r) : col + 1;
      if (xml.charCodeAt(cEnd - 1) === 47) continue; // <c/>: a styled empty cell
      const close = xml.indexOf('</c>', cEnd);
      const value = cellOf(attrs, xml.slice(cEnd + 1, close < 0 || close > rowEnd ? rowEnd : close), ctx);
      if (value === undefined) continue;
      any = true;
      if (col >= 0 && col < columns) cells[col] = value;
    }
    at = rowEnd;
    if (!any) continue;
    const row = { n, cells };
    const next = onRow(row);
    rows.push(row);
    if (next === 'stop') return { rowCount: rows.length, rows, truncated: true };
  }
  return { rowCount: rows.length, rows };
}
