// The demo a declarant first sees is believable (issue 15 §5): every seeded draft passes its own
// 保存并申报 checks — the definition's fields and customs' rules (domain/customs/rules) — and its
// message builds against the XSD; every seeded bill passes customs' rules, reads customs' number
// formats, was created before it was declared, and a refusal names only goods the bill carries;
// the demo enterprise's filing is complete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customsRuleErrors } from '../../domain/bills/customs-rule-errors.ts';
import { billDefinitions } from '../../domain/bills/index.ts';
import { validateBill } from '../../domain/bills/validation.ts';
import { checkEnterprise } from '../../domain/enterprise/rules.ts';
import { billModel } from '../../server/bills/model.ts';
import { findLinesOfHeads, lineOut } from '../../server/bills/repository.ts';
import { headValues } from '../../server/bills/values.ts';
import { buildDeclaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { call, openDemoSuite, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => {
  ({ t, admin, other } = await openDemoSuite({ seedBills: true }));
  await initCustomsSchemas();
}, 120_000);
afterAll(() => t.close());

interface Seeded { id: number; key: string; title: string; state: string; head: Record<string, unknown>; lines: Record<string, unknown>[]; def: (typeof billDefinitions)[number]; row: Record<string, unknown> }

async function seeded(): Promise<Seeded[]> {
  const rows = await t.handle.db.selectFrom('bill_heads').selectAll().where('company_id', '=', admin.userInfo.companyId).orderBy('id').execute();
  const lines = await findLinesOfHeads(t.handle.db, admin.userInfo.companyId, rows.map((r) => Number(r.id)));
  return rows.flatMap((row) => {
    const def = billDefinitions.find((d) => d.mode === row.mode && d.key === row.bill_key);
    if (!def) return [];
    const model = billModel(def);
    const head = headValues(model, row);
    return [{ id: Number(row.id), key: `${def.mode}/${def.key}`, title: String(head[def.titleField] ?? ''), state: row.state, head, lines: (lines.get(Number(row.id)) ?? []).map((l) => lineOut(model, l)), def, row: row as Record<string, unknown> }];
  });
}

describe('seeded bills', () => {
  it('every draft passes 保存并申报: its fields, customs\' rules and the XSD', async () => {
    const drafts = (await seeded()).filter((b) => b.state === 'DRAFT' && b.def.message && !b.def.issuedBy);
    expect(drafts.length).toBeGreaterThan(5);
    for (const b of drafts) {
      const valid = validateBill(b.def, b.head, b.lines, 'declare');
      expect.soft(valid.errors, `${b.key} ${b.title}`).toEqual([]);
      expect.soft(customsRuleErrors(b.def, { ...b.head, ...valid.head }, valid.lines, new Date()), `${b.key} ${b.title}`).toEqual([]);
      expect.soft(() => buildDeclaration(b.def, { ...b.head, ...valid.head, appTime: new Date() }, valid.lines, { appStatus: '2' }), `${b.key} ${b.title}`).not.toThrow();
    }
  });

  it('every bill passes customs\' rules and reads customs\' number formats', async () => {
    for (const b of await seeded()) {
      if (!b.def.message || b.def.issuedBy) continue;
      expect.soft(customsRuleErrors(b.def, b.head, b.lines, new Date()), `${b.key} ${b.title}`).toEqual([]);
    }
    const numbers = await t.handle.db.selectFrom('bill_heads').select(['invt_no', 'cop_no', 'order_no', 'logistics_no', 'pre_no', 'mode'])
      .where('company_id', 'in', [admin.userInfo.companyId, other.userInfo.companyId]).execute();
    for (const n of numbers) {
      for (const v of [n.invt_no, n.cop_no, n.order_no, n.logistics_no, n.pre_no]) expect.soft(v ?? '', 'a demo placeholder').not.toMatch(/DEMO/i);
      if (n.invt_no) expect.soft(n.invt_no).toMatch(n.mode === 'import' ? /^\d{8}I\d{9}$/ : /^\d{8}E\d{9,11}$/);
      if (n.pre_no) expect.soft(n.pre_no).toHaveLength(18);
    }
  });

  it('was created before it was declared', async () => {
    const rows = await t.handle.db.selectFrom('bill_heads').select(['id', 'create_time', 'app_time'])
      .where('company_id', 'in', [admin.userInfo.companyId, other.userInfo.companyId]).where('app_time', 'is not', null).execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect.soft(new Date(r.create_time as Date).getTime(), `bill ${r.id}`).toBeLessThanOrEqual(new Date(r.app_time as Date).getTime());
  });

  it('a refusal names only goods the bill carries', async () => {
    const all = await seeded();
    const names = new Set(all.flatMap((b) => b.lines.flatMap((l) => [l.itemName, l.gname].filter((v): v is string => typeof v === 'string' && v.length > 1))));
    for (const b of all) {
      const info = String(b.row.return_info ?? '');
      const own = new Set(b.lines.flatMap((l) => [l.itemName, l.gname]));
      for (const name of names) if (info.includes(name)) expect.soft(own.has(name), `${b.key} ${b.title}: ${info}`).toBe(true);
    }
  });
});

describe('the demo enterprise', () => {
  it('shows 备案通过 with a complete filing', async () => {
    for (const user of [admin, other]) {
      const r = await call(t.app, '/api/enterprise/company/queryDetailById', {}, user.token);
      expect(r.body.code).toBe(0);
      const detail = r.body.data as Record<string, unknown>;
      expect(checkEnterprise(detail).errors).toEqual([]);
    }
  });
});
