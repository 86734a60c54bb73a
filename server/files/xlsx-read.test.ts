// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readFirstSheet, XlsxReadError } from './xlsx-read.ts';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-read-'));

/** A workbook as exceljs writes it: xl/workbook.xml is the zip's last entry, the order that lost it. */
async function workbook(rows: string[][], name: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('S1');
  for (const r of rows) sheet.addRow(r);
  book.addWorksheet('S2').addRow(['not read']);
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()));
  return path;
}

const values = async (path: string) => {
  const out: unknown[] = [];
  (await readFirstSheet(path))?.eachRow((row) => out.push(row.getCell(1).value));
  return out;
};

describe('readFirstSheet', () => {
  it('reads the first sheet of an exceljs-written workbook every time (the streaming reader lost ~1 in 700)', async () => {
    const path = await workbook([['订单编号'], ['XL-1'], ['XL-2']], 'many.xlsx');
    for (let i = 0; i < 400; i++) expect(await values(path)).toEqual(['订单编号', 'XL-1', 'XL-2']);
  }, 30000);

  it('refuses a file that is no zip, and one that would unpack past the limit, before parsing it', async () => {
    const junk = join(dir, 'junk.xlsx');
    writeFileSync(junk, 'not a workbook');
    await expect(readFirstSheet(junk)).rejects.toEqual(new XlsxReadError('notXlsx'));
    const small = await workbook([['订单编号'], ['X']], 'small.xlsx');
    const big = await workbook([['订单编号'], ['X'.repeat(30000)]], 'big.xlsx');
    expect(await readFirstSheet(small, 30000)).not.toBeNull();
    await expect(readFirstSheet(big, 30000)).rejects.toMatchObject({ reason: 'tooLarge' });
    expect(await values(big)).toHaveLength(2);
  });
});
