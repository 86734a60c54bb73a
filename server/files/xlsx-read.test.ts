// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET, hostileXlsx, sheetOfSpaces, sheetOfValues } from '../../tests/helpers/hostile-xlsx.ts';
import { readFirstSheet, XlsxReadError } from './xlsx-read.ts';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-read-'));

/** A workbook as exceljs writes it: xl/workbook.xml is the zip's last entry, the order that lost it. */
async function workbook(rows: ExcelJS.CellValue[][], name: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('S1');
  for (const r of rows) sheet.addRow(r);
  book.addWorksheet('S2').addRow(['not read']);
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()));
  return path;
}

const values = async (path: string) => (await readFirstSheet(path, { columns: 1 }))?.rows.map((r) => r.cells[0]);

describe('readFirstSheet', () => {
  it('reads the first sheet of an exceljs-written workbook every time (the streaming reader lost ~1 in 700)', async () => {
    const path = await workbook([['订单编号'], ['XL-1'], ['XL-2']], 'many.xlsx');
    for (let i = 0; i < 200; i++) expect(await values(path)).toEqual(['订单编号', 'XL-1', 'XL-2']);
  }, 60000);

  it('answers plain rows: the asked columns, row numbers as Excel shows them, cells as a person sees them', async () => {
    const date = new Date(Date.UTC(2026, 10, 20, 8, 30));
    const path = await workbook([
      ['提单号', '件数', '日期', '链接', '公式', '富文本', '错误', '第八列'],
      [],
      ['784-1', 3, date, { text: '官网', hyperlink: 'https://example.com' }, { formula: 'B3*2', result: 6 }, { richText: [{ text: '宁波' }, { text: '跨境' }] }, { error: '#N/A' }, 'x'],
    ], 'cells.xlsx');
    const sheet = await readFirstSheet(path, { columns: 7 });
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.rows.map((r) => r.n)).toEqual([1, 3]);
    expect(sheet?.rows[1]?.cells).toEqual(['784-1', 3, date, '官网', 6, '宁波跨境', null]);
  });

  it('refuses a file that is no zip, and one that unpacks past the limit', async () => {
    const junk = join(dir, 'junk.xlsx');
    writeFileSync(junk, 'not a workbook');
    await expect(readFirstSheet(junk, { columns: 1 })).rejects.toEqual(new XlsxReadError('notXlsx'));
    const small = await workbook([['订单编号'], ['X']], 'small.xlsx');
    const big = await workbook([['订单编号'], ['X'.repeat(30000)]], 'big.xlsx');
    expect(await readFirstSheet(small, { columns: 1 }, { maxXmlBytes: 30000 })).not.toBeNull();
    await expect(readFirstSheet(big, { columns: 1 }, { maxXmlBytes: 30000 })).rejects.toMatchObject({ reason: 'tooLarge' });
    expect(await values(big)).toHaveLength(2);
  });

  it('refuses a zip bomb whose headers claim 1,000 bytes (reproduction 1): counted while inflating', async () => {
    const path = join(dir, 'bomb.xlsx');
    writeFileSync(path, await hostileXlsx([{ name: SHEET, chunks: sheetOfSpaces(256 * 1024 * 1024), claimedSize: 1000 }]));
    await expect(readFirstSheet(path, { columns: 1 })).rejects.toEqual(new XlsxReadError('tooLarge'));
  }, 60000);

  it('stops at the first row past maxRows (issue 29, reproduction 4): a 200,000-row sheet never crosses back whole', async () => {
    const path = join(dir, 'long.xlsx');
    writeFileSync(path, await hostileXlsx([{ name: SHEET, chunks: sheetOfValues(200_000, '订单编号') }], '订单编号'));
    const sheet = await readFirstSheet(path, { columns: 1, maxRows: 10_001 });
    expect(sheet?.truncated).toBe(true);
    expect(sheet?.rows).toHaveLength(10_002);
    expect(sheet?.rows.at(-1)).toEqual({ n: 10_002, cells: ['SO-10002'] });
    // within the limit nothing changes: every row, not truncated
    const whole = await readFirstSheet(path, { columns: 1, maxRows: 200_001 });
    expect(whole?.truncated).toBeUndefined();
    expect(whole?.rowCount).toBe(200_001);
    // the sheet is inflated and scanned in pieces: every row whole, in order, across the seams
    expect(whole?.rows.every((r, i) => r.n === i + 1 && r.cells[0] === (i === 0 ? '订单编号' : `SO-${i + 1}`))).toBe(true);
  }, 60000);

  it('counts only values in the asked columns toward maxRows, blank text not counting', async () => {
    const path = await workbook([['订单编号', '备注'], ['A'], ['  ', '只有备注'], [null, 'x'], ['B']], 'blanks.xlsx');
    const sheet = await readFirstSheet(path, { columns: 1, maxRows: 3 });
    expect(sheet?.truncated).toBeUndefined();
    expect(sheet?.rows.map((r) => r.cells[0])).toEqual(['订单编号', 'A', '  ', null, 'B']);
    expect((await readFirstSheet(path, { columns: 1, maxRows: 2 }))?.truncated).toBe(true);
  });
});
