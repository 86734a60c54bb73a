// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exportOrder } from './export-order.ts';
import { charLength, fieldProblem, validateBill } from './validation.ts';
import type { FieldDef } from './types.ts';

const text: FieldDef = { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 4, required: true };
const amount: FieldDef = { name: 'goodsValue', label: '商品金额', kind: 'number', digits: 19, scale: 5, required: true };

describe('field rules derived from the definition', () => {
  it('counts characters, not bytes, after trimming', () => {
    expect(charLength('跨境电商')).toBe(4);
    expect(charLength('𠮷野家')).toBe(3);
    expect(fieldProblem(text, ' 跨境电商 ')).toBeUndefined();
    expect(fieldProblem(text, '跨境电商平')).toBe('电商平台名称长度不能超过4个字符');
  });

  it('names the field in every required message, dates too (never a bare 请选择日期)', () => {
    expect(fieldProblem(text, '  ')).toBe('请填写电商平台名称');
    expect(fieldProblem({ ...text, kind: 'select' }, null)).toBe('请选择电商平台名称');
    expect(fieldProblem({ ...text, label: '申报日期', kind: 'date' }, '')).toBe('请选择申报日期');
    expect(fieldProblem({ ...text, label: '离境时间', kind: 'datetime' }, undefined)).toBe('请选择离境时间');
  });

  it('coerces numbers and checks digits and decimals', () => {
    expect(fieldProblem(amount, '12.5')).toBeUndefined();
    expect(fieldProblem(amount, 'abc')).toBe('商品金额必须是数字');
    expect(fieldProblem(amount, '1.123456')).toBe('商品金额（1.123456）最多5位小数，请改正后再保存');
    expect(fieldProblem(amount, '123456789012345')).toBe('商品金额最多14位整数');
    expect(fieldProblem(amount, -1)).toBe('商品金额不能小于0');
    expect(fieldProblem({ ...amount, kind: 'integer', digits: 4 }, 12345)).toBe('商品金额最多4位整数');
  });

  it('refuses a sixth decimal however small (1079.000001 is not 1079), but not the binary noise of a sum', () => {
    expect(fieldProblem(amount, 1079.000001)).toBe('商品金额（1079.000001）最多5位小数，请改正后再保存');
    expect(fieldProblem(amount, '1079.000001')).toBe('商品金额（1079.000001）最多5位小数，请改正后再保存');
    expect(fieldProblem(amount, 0.000001)).toBe('商品金额（0.000001）最多5位小数，请改正后再保存');
    expect(fieldProblem(amount, 1079.00001)).toBeUndefined();
    expect(fieldProblem(amount, 0.1 + 0.2)).toBeUndefined();
    expect(fieldProblem(amount, 3 * 89.9)).toBeUndefined();
    expect(fieldProblem(amount, 12345678901234.12345)).toBeUndefined();
  });

  it('ends the length and digit refusals of a bill customs reads with the rule code', () => {
    const r = validateBill(exportOrder, { orderNo: 'S'.repeat(61), goodsValue: 1079.000001 }, [], 'save');
    expect(r.errors).toEqual(expect.arrayContaining([
      { field: 'orderNo', message: '订单编号长度不能超过60个字符（海关规则R409）' },
      { field: 'goodsValue', message: '商品金额（1079.000001）最多5位小数，请改正后再保存（海关规则R410）' },
    ]));
  });

  it('asks for requiredToDeclare fields only when declaring', () => {
    const itemNo = exportOrder.lines!.fields.find((f) => f.name === 'itemNo')!;
    expect(fieldProblem(itemNo, '', 'save')).toBeUndefined();
    expect(fieldProblem(itemNo, '', 'declare')).toBe('请填写企业商品货号');
  });

  it('validates a whole bill with line-numbered messages and duplicate gnum', () => {
    const r = validateBill(exportOrder, { orderNo: 'SO1', ebpCode: 'X', ebpName: '平台', ebcCode: 'C', ebcName: '企业', goodsValue: '10', freight: 0, currency: '142', appType: '1', orderType: 'E', copCode: 'C', copName: 'N', dxpMode: 'DXP' },
      [{ gnum: 1, itemName: '奶粉', unit: '122', currency: '142', qty: 1, price: 10, totalPrice: 10 }, { gnum: 1, itemName: '', unit: '122', currency: '142', qty: 1, price: 1, totalPrice: 1 }], 'save');
    expect(r.errors).toEqual([
      { field: 'lines.1.itemName', message: '第2行：请填写企业商品名称' },
      { field: 'lines.1.gnum', message: '第2行：序号1重复' },
    ]);
    expect(r.head.goodsValue).toBe(10);
  });
});
