// @vitest-environment node
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zip } from '../archive/zip.ts';
import { dateStyles, firstSheetPart, isDateFormat, scanSheet, sharedStrings, unescapeXml } from './sheet-xml.ts';
import { readSheetRows } from './workbook-read.ts';

/** What exceljs' whole-workbook reader made of the same file (the reader sheet-xml.ts replaced). */
async function viaExceljs(bytes: Buffer, columns: number) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: { n: number; cells: unknown[] }[] = [];
  const plain = (v: ExcelJS.CellValue): unknown => {
    if (v === null || v === undefined) return null;
    if (typeof v !== 'object' || v instanceof Date) return v;
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return v.text;
    if ('result' in v && v.result !== undefined) return plain(v.result as ExcelJS.CellValue);
    return null;
  };
  book.worksheets[0]!.eachRow((row, n) => rows.push({ n, cells: Array.from({ length: columns }, (_, i) => plain(row.getCell(i + 1).value)) }));
  return rows;
}

describe('reading a sheet straight from its XML', () => {
  it('gives what exceljs gave for an exceljs-written workbook of every kind of cell', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('数据');
    sheet.addRow(['提单号', '件数', '日期', '时间', '链接', '公式', '富文本', '错误', '真假', '特殊']);
    sheet.addRow([]);
    const row = sheet.addRow(['784-1', 3.25, new Date(Date.UTC(2026, 10, 20)), new Date(Date.UTC(2026, 10, 20, 8, 30, 5)), { text: '官网', hyperlink: 'https://example.com' },
      { formula: 'B3*2', result: 6.5 }, { richText: [{ text: '宁波' }, { text: '跨境' }] }, { error: '#N/A' }, true, 'a<b & "c" \'d\'']);
    row.getCell(3).numFmt = 'yyyy-mm-dd';
    row.getCell(4).numFmt = 'hh:mm:ss';
    const styled = sheet.getRow(5);
    styled.getCell(2).numFmt = '0.00';
    styled.getCell(2).value = 0;
    sheet.getCell('L6').value = 'beyond the asked columns';
    sheet.getCell('A7').value = { formula: 'A3&"x"', result: '784-1x' };
    book.addWorksheet('第二页').addRow(['not read']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const ours = await readSheetRows(bytes, { columns: 10 });
    expect(ours?.rows).toEqual(await viaExceljs(bytes, 10));
    expect(ours?.rows.map((r) => r.n)).toEqual([1, 3, 5, 6, 7]);
    expect(ours?.rowCount).toBe(5);
  });

  it('reads the first sheet of <sheets>, inline strings, entities, 1904 dates and cells without r', async () => {
    const parts = {
      '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
      'xl/workbook.xml': '<workbook><workbookPr date1904="1"/><sheets><sheet name="B" sheetId="2" r:id="rId9"/><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels': '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId9" Target="/xl/worksheets/other.xml"/></Relationships>',
      'xl/styles.xml': '<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/></numFmts>'
        + '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>',
      'xl/sharedStrings.xml': '<sst><si><t xml:space="preserve"> 宁波 &amp; 杭州 </t></si><si><r><t>富</t></r><r><t>文本</t></r><rPh><t>フリ</t></rPh></si><si/></sst>',
      'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>',
      'xl/worksheets/other.xml': '<worksheet><sheetData>'
        + '<row r="2"><c t="s"><v>0</v></c><c t="s"><v>1</v></c><c t="inlineStr"><is><t>行内&#x4E2D;&#25991;</t></is></c><c s="1"><v>0</v></c><c s="2"><v>1.5</v></c><c t="e"><v>#DIV/0!</v></c></row>'
        + '<row r="3"><c r="B3" s="2"/></row>'
        + '<row><c r="C4" t="s"><v>2</v></c><c t="b"><v>0</v></c></row>'
        + '</sheetData></worksheet>',
    };
    const bytes = zip(Object.entries(parts).map(([name, content]) => ({ name, content: Buffer.from(content) })), { store: true });
    const sheet = await readSheetRows(bytes, { columns: 6 });
    expect(sheet?.rows).toEqual([
      { n: 2, cells: [' 宁波 & 杭州 ', '富文本', '行内中文', new Date(Date.UTC(1904, 0, 1)), new Date(Date.UTC(1904, 0, 2, 12)), null] },
      { n: 4, cells: [null, null, '', false, null, null] },
    ]);
  });

  it('knows date formats and the sheet to read', () => {
    expect(['yyyy-mm-dd', 'hh:mm', 'm/d/yy "h"', '[$-804]yyyy"年"m"月"'].map(isDateFormat)).toEqual([true, true, true, true]);
    expect(['0.00', '#,##0', '"day"0', '[Red]0.00', 'General'].map(isDateFormat)).toEqual([false, false, false, false, false]);
    expect(dateStyles('<cellXfs><xf numFmtId="22"/><xf numFmtId="4"/></cellXfs>')).toEqual([true, false]);
    expect(firstSheetPart('<sheets></sheets>', '')).toBeNull();
    expect(sharedStrings(undefined)).toEqual([]);
    expect(unescapeXml('&lt;&#60;&#x3c;&gt;&amp;amp;')).toBe('<<<>&amp;');
  });

  it('skips rows without values and calls back on each kept row', () => {
    const seen: number[] = [];
    const scan = scanSheet('<sheetData><row r="1"/><row r="2"><c r="A2" s="1"/></row><row r="3"><c r="A3"><v>7</v></c></row></sheetData>', 1,
      { strings: [], dates: [], date1904: false }, (row) => { seen.push(row.n); });
    expect(scan).toEqual({ rowCount: 1, rows: [{ n: 3, cells: [7] }] });
    expect(seen).toEqual([3]);
  });
});
