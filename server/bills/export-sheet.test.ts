// @vitest-environment node
// The list export's writer (sheet-writer.ts with the real export worker, export-worker.ts): chunks
// become the rows and formats export-columns.ts makes, in the ids' order; a failed source or a
// worker that dies closes the file and rejects with that failure (issue 21), as does the shutdown's
// abort (issue 27).
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET_WRITER, SheetWriterError, writeSheet, type SheetChunkOut } from '../files/sheet-writer.ts';
import { workerScript } from '../files/worker-pool.ts';
import type { ExportChunk, ExportSheetInit } from './export-sheet.ts';

const dir = mkdtempSync(join(tmpdir(), 'export-sheet-'));
const spawn = workerScript(new URL('./export.ts', import.meta.url).href, 'export-worker');

const init: ExportSheetInit = {
  name: '出口订单',
  columns: [
    { header: '订单编号', width: 20, source: 0, field: { name: 'orderNo', kind: 'text' } },
    { header: '商品金额', width: 12, source: 1, field: { name: 'goodsValue', kind: 'number', figure: 'money' } },
    { header: '币制', width: 10, source: 2, field: { name: 'currency', kind: 'select', codeTable: 'currency' } },
    { header: '币制（代码）', width: 10, source: 2, raw: true },
    { header: '状态', width: 10, source: 3 },
  ],
  names: { currency: [['142', '人民币']] },
  read: {
    body: 'return [(v(row["order_no"])) ?? null, (v(row["data:goodsValue"])) ?? null, (v(row["data:currency"])) ?? null, (states.name(row.state)) ?? null];',
    columns: ['order_no', 'state'],
    dataKeys: ['goodsValue', 'currency'],
  },
  states: [{ state: '120', stateName: '海关入库' }],
};

/** findHeadFieldsText's arrays: id, order_no, state, then data's goodsValue and currency */
const text = (rows: [number, string, string, number | null, string | null][]) => rows.map((r) => JSON.stringify(r)).join(',');
const chunk = (ids: number[], rows: Parameters<typeof text>[0]): SheetChunkOut<ExportChunk> => {
  const array = Float64Array.from(ids);
  return { chunk: { ids: array, text: text(rows) }, transfer: [array.buffer] };
};

async function* from(chunks: SheetChunkOut<ExportChunk>[], failure?: Error) {
  for (const c of chunks) yield c;
  if (failure) throw failure;
}

const openFiles = () => readdirSync('/proc/self/fd').length;

async function sheetRows(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  const rows: { values: unknown[]; numFmt: string | undefined }[] = [];
  sheet.eachRow((row) => rows.push({ values: (row.values as unknown[]).slice(1), numFmt: row.getCell(2).numFmt }));
  return { name: sheet.name, rows };
}

describe('the export writer worker', () => {
  it('writes each chunk in its ids\' order, as the list shows the values', async () => {
    const path = join(dir, 'ok.xlsx');
    await writeSheet(spawn, path, init, from([
      // the rows of a chunk come in any order; the ids say the export's
      chunk([2, 1], [[1, 'SO1', '120', 1835, '142'], [2, 'SO2', '999', null, null]]),
      chunk([7, 5], [[5, 'SO5', '120', 0.125, '502']]), // 7 was deleted meanwhile
    ]), { ...SHEET_WRITER });
    const { name, rows } = await sheetRows(path);
    expect(name).toBe('出口订单');
    expect(rows.map((r) => r.values)).toEqual([
      ['订单编号', '商品金额', '币制', '币制（代码）', '状态'],
      ['SO2', undefined, undefined, undefined, '999'],
      ['SO1', 1835, '142 人民币', '142', '海关入库'],
      ['SO5', 0.13, '502', '502', '海关入库'],
    ]);
    expect(rows[2]!.numFmt).toBe('#,##0.00');
  }, 60_000);

  it('closes the file and rejects with the source\'s own error when a chunk\'s query fails', async () => {
    const before = openFiles();
    const failure = new Error('canceling statement due to statement timeout');
    await expect(writeSheet(spawn, join(dir, 'failed.xlsx'), init, from([chunk([1], [[1, 'SO1', '120', 1, '142']])], failure)))
      .rejects.toBe(failure);
    expect(openFiles()).toBe(before);
  }, 60_000);

  it('closes the file and rejects when the worker cannot read its own chunks (PostgreSQL unreachable)', async () => {
    const before = openFiles();
    const unreachable: ExportSheetInit['query'] = {
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none', chunk: 1000,
      ids: { sql: 'select 1', parameters: [] }, rows: { sql: 'select $1::bigint[]::text as text', parameters: [[]], idsAt: 0 },
    };
    const written = writeSheet(spawn, join(dir, 'unreachable.xlsx'), { ...init, query: unreachable }, []);
    await expect(written).rejects.toBeInstanceOf(SheetWriterError);
    await expect(written).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(openFiles()).toBe(before);
  }, 60_000);

  it('closes the file and rejects when the worker runs out of its heap', async () => {
    const before = openFiles();
    const many = Array.from({ length: 200 }, (_, k) => chunk(Array.from({ length: 1000 }, (_, i) => k * 1000 + i + 1),
      Array.from({ length: 1000 }, (_, i) => [k * 1000 + i + 1, `SO${'x'.repeat(200)}${k * 1000 + i}`, '120', i, '142'] as [number, string, string, number, string])));
    const written = writeSheet(spawn, join(dir, 'oom.xlsx'), init, from(many), { heapMb: 4, youngMb: 1, concurrent: 2 });
    await expect(written).rejects.toBeInstanceOf(SheetWriterError);
    await expect(written).rejects.toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    expect(openFiles()).toBe(before);
  }, 120_000);

  it('ends the worker, closes the file and rejects when the shutdown aborts it mid-write', async () => {
    const before = openFiles();
    const shutdown = new AbortController();
    // the next chunk's query returns only after the signal, as a PGlite read in progress does
    async function* slow() {
      yield chunk([1], [[1, 'SO1', '120', 1, '142']]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      shutdown.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      yield chunk([2], [[2, 'SO2', '120', 2, '142']]);
      yield chunk([3], [[3, 'SO3', '120', 3, '142']]);
    }
    const written = writeSheet(spawn, join(dir, 'aborted.xlsx'), init, slow(), SHEET_WRITER, shutdown.signal);
    await expect(written).rejects.toBeInstanceOf(SheetWriterError);
    expect(openFiles()).toBe(before);
    // aborted before it began: no worker, no file
    await expect(writeSheet(spawn, join(dir, 'never.xlsx'), init, [], SHEET_WRITER, shutdown.signal)).rejects.toThrow();
    expect(readdirSync(dir)).not.toContain('never.xlsx');
  }, 60_000);
});
