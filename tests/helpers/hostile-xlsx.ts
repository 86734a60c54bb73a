/**
 * Hostile .xlsx files for the upload tests and the upload benchmark: a real workbook (written by
 * exceljs) whose chosen parts are replaced by generated XML — never held whole in memory, deflated
 * as it is generated — and whose zip headers may lie about the unpacked size. Reproduction 1 of
 * issue 14 is `hostileXlsx([{ name: SHEET, chunks: sheetOfSpaces(1 GiB), claimedSize: 1000 }])`.
 */
import { randomBytes } from 'node:crypto';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { unzipCapped } from '../../server/files/zip-read.ts';

export const SHEET = 'xl/worksheets/sheet1.xml';
export const SHARED_STRINGS = 'xl/sharedStrings.xml';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const MB = 1024 * 1024;

export interface HostilePart {
  name: string;
  /** the part's XML, in pieces (generated lazily) */
  chunks: Iterable<string | Buffer>;
  /** the unpacked size the zip's headers claim (default: the true size) */
  claimedSize?: number;
}

/** A sheet whose XML is `bytes` of spaces inside <sheetData>: ~1/1000 of that once deflated. */
export function* sheetOfSpaces(bytes: number): Generator<string | Buffer> {
  yield `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
  const block = Buffer.alloc(MB, 0x20);
  for (let left = bytes; left > 0; left -= MB) yield left >= MB ? block : block.subarray(0, left);
  yield '</sheetData></worksheet>';
}

/** A sheet with one row whose first cell holds elements nested `depth` deep. */
export function* deepSheet(depth: number): Generator<string | Buffer> {
  yield `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is>`;
  const step = 64 * 1024;
  for (let left = depth; left > 0; left -= step) yield '<r>'.repeat(Math.min(step, left));
  for (let left = depth; left > 0; left -= step) yield '</r>'.repeat(Math.min(step, left));
  yield '</is></c></row></sheetData></worksheet>';
}

/** A sheet of `rows` rows whose first cell is shared string 0 (with a header row of shared string 1). */
export function* sheetOfSharedRefs(rows: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>1</v></c></row>`;
  const step = 10_000;
  for (let r = 2; r <= rows + 1; r += step) {
    let s = '';
    for (let i = r; i < Math.min(r + step, rows + 2); i++) s += `<row r="${i}"><c r="A${i}" t="s"><v>0</v></c></row>`;
    yield s;
  }
  yield '</sheetData></worksheet>';
}

/** A valid sheet: `header` over `rows` distinct values (SO-2 …) in column A, as inline strings. */
export function* sheetOfValues(rows: number, header: string): Generator<string> {
  const cell = (r: number, text: string) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${text}</t></is></c></row>`;
  yield `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>${cell(1, header)}`;
  const step = 10_000;
  for (let r = 2; r <= rows + 1; r += step) {
    let s = '';
    for (let i = r; i < Math.min(r + step, rows + 2); i++) s += cell(i, `SO-${i}`);
    yield s;
  }
  yield '</sheetData></worksheet>';
}

/**
 * Shared strings: string 0 is `length` characters (random base64 when `random`, so it does not
 * deflate away; else one letter repeated), string 1 is `header`.
 */
export function* hugeSharedStrings(length: number, header: string, random = false): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?><sst ${NS} count="2" uniqueCount="2"><si><t>`;
  const step = MB;
  for (let left = length; left > 0; left -= step) {
    const n = Math.min(step, left);
    yield random ? randomBytes(Math.ceil((n * 3) / 4)).toString('base64').slice(0, n) : 'A'.repeat(n);
  }
  yield `</t></si><si><t>${header}</t></si></sst>`;
}

async function deflateChunks(chunks: Iterable<string | Buffer>): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => { deflate.on('end', resolve); deflate.on('error', reject); });
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += b.length;
    crc = crc32(b, crc);
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(out), size, crc };
}

/** A zip of deflated entries whose local and central headers state `claimed` as each unpacked size. */
function zipOf(entries: { name: string; data: Buffer; crc: number; claimed: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.claimed, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.claimed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A workbook as exceljs writes it (header `header` in A1, shared strings on), with `parts` replaced or added. */
export async function hostileXlsx(parts: HostilePart[], header = '提单号'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('S1').addRow([header]);
  const base = unzipCapped(Buffer.from(await book.xlsx.writeBuffer()), () => true, 64 * MB);
  const entries: { name: string; data: Buffer; crc: number; claimed: number }[] = [];
  for (const [name, content] of base) {
    if (parts.some((p) => p.name === name)) continue;
    entries.push({ name, data: deflateRawSync(content), crc: crc32(content), claimed: content.length });
  }
  for (const p of parts) {
    const { data, size, crc } = await deflateChunks(p.chunks);
    entries.push({ name: p.name, data, crc, claimed: p.claimedSize ?? size });
  }
  return zipOf(entries);
}
