// @vitest-environment node
// The workbook pool (worker-pool.ts with the real workbook worker): a worker that dies or runs out
// of time refuses its task and is replaced; the pool keeps serving; a full queue says busy.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileXlsx, SHEET, sheetOfSharedRefs } from '../../tests/helpers/hostile-xlsx.ts';
import { PoolError } from './worker-pool.ts';
import { createWorkbookPool, readFirstSheet, XlsxReadError } from './xlsx-read.ts';

const dir = mkdtempSync(join(tmpdir(), 'workbook-pool-'));
let small = '';
let many = '';

beforeAll(async () => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('S1').addRows([['订单编号'], ['SO-1']]);
  small = join(dir, 'small.xlsx');
  writeFileSync(small, Buffer.from(await book.xlsx.writeBuffer()));
  // a million rows: ~40 MB of XML and a million plain rows, far more than a 48 MB heap holds
  many = join(dir, 'many.xlsx');
  writeFileSync(many, await hostileXlsx([{ name: SHEET, chunks: sheetOfSharedRefs(1_000_000) }]));
});

const firstCells = async (pool: ReturnType<typeof createWorkbookPool>) =>
  (await readFirstSheet(small, { columns: 1 }, { pool }))?.rows.map((r) => r.cells[0]);

describe('the workbook pool', () => {
  const pools: ReturnType<typeof createWorkbookPool>[] = [];
  afterAll(async () => {
    for (const p of pools) await p.close();
  });
  const pool = (options: Parameters<typeof createWorkbookPool>[0]) => {
    const p = createWorkbookPool(options);
    pools.push(p);
    return p;
  };

  it('refuses the task of a worker that ran out of memory, replaces the worker and keeps serving', async () => {
    const p = pool({ size: 1, heapMb: 48 });
    expect(await firstCells(p)).toEqual(['订单编号', 'SO-1']);
    await expect(readFirstSheet(many, { columns: 1 }, { pool: p, maxXmlBytes: 64 * 1024 * 1024 })).rejects.toEqual(new XlsxReadError('tooLarge'));
    expect(p.stats().replaced).toBe(1);
    expect(await firstCells(p)).toEqual(['订单编号', 'SO-1']);
  }, 120000);

  it('ends a worker that takes too long, refuses its task, and the next task gets a fresh worker', async () => {
    const p = pool({ size: 1, timeoutMs: 1 });
    await expect(readFirstSheet(small, { columns: 1 }, { pool: p })).rejects.toEqual(new XlsxReadError('tooLarge'));
    expect(p.stats()).toMatchObject({ workers: 0, replaced: 1 });
  });

  it('queues tasks beyond its size and refuses past the queue', async () => {
    const p = pool({ size: 1, maxQueue: 2 });
    const reads = [1, 2, 3, 4].map(() => firstCells(p).then((v) => v, (e: unknown) => e));
    const answers = await Promise.all(reads);
    expect(answers.slice(0, 3)).toEqual([['订单编号', 'SO-1'], ['订单编号', 'SO-1'], ['订单编号', 'SO-1']]);
    expect(answers[3]).toEqual(new PoolError('busy'));
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
  }, 60000);

  it('lets an idle worker go', async () => {
    const p = pool({ idleMs: 50 });
    await firstCells(p);
    expect(p.stats().workers).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(p.stats().workers).toBe(0);
  }, 60000);
});
