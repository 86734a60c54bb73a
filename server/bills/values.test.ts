import { describe, expect, it } from 'vitest';
import { billDefinitions } from '../../domain/bills/index.ts';
import { billModel, ENGINE_FIELDS } from './model.ts';
import type { StateNames } from './states.ts';
import { dataAlias, fieldsReader, listRowShape, toRow, type HeadRow } from './values.ts';

const states: StateNames = {
  states: [{ state: '120', stateName: '海关入库' }],
  name: (s) => (s === '120' ? '海关入库' : s),
};

/** A stored bill with a value in every column and data key of its definition (numbers kept as numbers). */
function fullRow(model: ReturnType<typeof billModel>, variant: 'filled' | 'empty'): HeadRow {
  const row: HeadRow = {
    id: 7, version: 3, state: variant === 'filled' ? '120' : 'DRAFT',
    return_status: variant === 'filled' ? '120' : null,
    return_time: variant === 'filled' ? '20261121093000123' : null,
    return_info: variant === 'filled' ? '新增申报成功' : null,
    app_time: variant === 'filled' ? new Date('2026-11-21T01:30:00Z') : null,
    create_time: new Date('2026-11-20T16:00:00Z'),
    update_time: new Date('2026-11-21T02:00:00Z'),
    data: {},
  };
  model.stored.forEach((f, i) => {
    if (variant === 'empty') return;
    const value = f.kind === 'number' || f.kind === 'integer' ? i + 0.5 : `${f.name}-${i}`;
    if (f.column) row[f.column] = String(value);
    else row.data[f.name] = value;
  });
  return row;
}

/** What the database answers for the reader's selection: only its columns and data values. */
function slimRow(full: HeadRow, columns: readonly string[], dataKeys: readonly string[]): HeadRow {
  const slim: Record<string, unknown> = { id: full.id };
  for (const c of columns) slim[c] = full[c];
  for (const k of dataKeys) slim[dataAlias(k)] = full.data[k] ?? null;
  return slim as HeadRow;
}

describe('fieldsReader', () => {
  for (const def of billDefinitions) {
    it(`reads every field of ${def.mode}/${def.key} as toRow does, from only the columns it selects`, () => {
      const model = billModel(def);
      const fields = [...ENGINE_FIELDS, ...def.head.map((f) => f.name), ...def.list.columns.map((c) => c.field), 'noSuchField'];
      const reader = fieldsReader(model, states, fields);
      for (const variant of ['filled', 'empty'] as const) {
        const full = fullRow(model, variant);
        const expected = toRow(model, full, states);
        expect(reader.read(slimRow(full, reader.columns, reader.dataKeys))).toEqual(fields.map((f) => expected[f] ?? null));
      }
    });
  }

  it('selects only what the fields need', () => {
    const order = billDefinitions.find((d) => d.key === 'order' && d.mode === 'export')!;
    const reader = fieldsReader(billModel(order), states, ['orderNo', 'goodsValue', 'stateName', 'appTime']);
    expect([...reader.columns].sort()).toEqual(['app_time', 'order_no', 'state']);
    expect(reader.dataKeys).toEqual(['goodsValue']);
  });
});

describe('listRowShape', () => {
  for (const def of billDefinitions) {
    it(`maps a ${def.mode}/${def.key} list row as toRow has those fields, from only the columns it selects`, () => {
      const model = billModel(def);
      const shape = listRowShape(model);
      for (const variant of ['filled', 'empty'] as const) {
        const full = fullRow(model, variant);
        const expected = toRow(model, full, states);
        const known = model.listFields.filter((f) => f in expected);
        expect(shape.map(slimRow(full, shape.columns, shape.dataKeys), states)).toEqual(Object.fromEntries(known.map((f) => [f, expected[f]])));
      }
    });
  }

  it('carries the list, not the bill: an import inventory row has no buyer ID number or telephone', () => {
    const inventory = billDefinitions.find((d) => d.key === 'detailedList' && d.mode === 'import')!;
    const row = listRowShape(billModel(inventory)).map(fullRow(billModel(inventory), 'filled'), states);
    expect(inventory.head.some((f) => f.name === 'buyerIdNumber')).toBe(true);
    expect(row).not.toHaveProperty('buyerIdNumber');
    expect(row).not.toHaveProperty('buyerTelephone');
    expect(row).toHaveProperty(inventory.titleField);
    for (const c of inventory.list.columns) expect(row).toHaveProperty(c.field);
  });
});
