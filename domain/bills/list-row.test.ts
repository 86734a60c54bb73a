import { describe, expect, it } from 'vitest';
import { billDefinitions, findBill } from './index.ts';
import { listRowFields } from './list-row.ts';
import { receiptMatchKeys } from './receipt-keys.ts';

describe('listRowFields', () => {
  it('is the id, the state, the columns, the title and the receipt keys, each once', () => {
    const order = findBill('export', 'order')!;
    expect(listRowFields(order)).toEqual(['id', 'state', 'orderNo', 'ebpName', 'ebcName', 'goodsValue', 'currency', 'appTime', 'stateName', 'returnInfo', 'createTime', 'ebpCode']);
  });

  for (const def of billDefinitions) {
    it(`${def.mode}/${def.key}: what the list page reads of a row is there`, () => {
      const fields = new Set(listRowFields(def));
      for (const f of ['id', 'state', def.titleField, ...def.list.columns.map((c) => c.field), ...receiptMatchKeys(def)]) expect(fields).toContain(f);
      expect(fields.size).toBe(listRowFields(def).length);
    });
  }
});
