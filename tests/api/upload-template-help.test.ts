// Every data template's 说明 sheet speaks Chinese (issue 31 item 14: it said 填写代码（declare_port）):
// for each bill type with an upload word (运抵单, 理货明细单, 入库明细单), the downloaded template's help
// rows name each column by its label and each code table by its codes or its Chinese name — never a
// field key (portCode) or a code table's key (declare_port).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDefinitions } from '../../domain/bills/index.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => { await t.close(); });

const withUpload = billDefinitions.filter((d) => d.upload && d.api.downloadUploadTemplate);

describe('data templates\' 说明 sheet', () => {
  it('covers the bill types with an upload word', () => {
    expect(withUpload.map((d) => d.label).sort()).toEqual(['入库明细单', '理货明细单', '运抵单'].sort());
  });

  for (const def of withUpload) {
    it(`${def.label}: no help row shows a raw key`, async () => {
      const r = await call(t.app, `/api/enterprise${def.api.downloadUploadTemplate}`, {}, admin.token);
      expect(r.body.code).toBe(0);
      const got = await t.app.inject({ method: 'GET', url: r.body.data.downloadUri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(got.rawPayload as unknown as ArrayBuffer);
      const notes = book.getWorksheet('说明')!;
      const cells: string[] = [];
      notes.eachRow((row) => { for (const v of (row.values as unknown[]).slice(1)) if (v != null) cells.push(String(v)); });
      const fields = [...def.head, ...(def.lines?.fields ?? [])];
      const keys = new Set([...fields.map((f) => f.name), ...fields.flatMap((f) => (f.codeTable ? [f.codeTable] : []))]);
      const columns = [...def.upload!.head, ...(def.upload!.lines ?? [])];
      expect(cells.length).toBeGreaterThan(columns.length);
      // no cell is, or contains as a word, a field's or a code table's key
      const raw = cells.filter((c) => [...keys].some((k) => new RegExp(`(^|[^A-Za-z_])${k}([^A-Za-z_]|$)`).test(c)));
      expect(raw).toEqual([]);
      // each coded column says its codes or its table in Chinese
      for (const name of columns) {
        const field = fields.find((f) => f.name === name)!;
        const row = (notes.getRows(2, notes.rowCount) ?? []).find((x) => x.getCell(1).value === field.label);
        expect(row, field.label).toBeDefined();
        if (field.codeTable) expect(String(row!.getCell(4).value), field.label).toMatch(/^填写代码(：|（[\p{Script=Han}（）]+代码表中的代码）$)/u);
      }
    });
  }
});
