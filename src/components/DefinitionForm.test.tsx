import { Button } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../domain/bills/types.ts';
import { fireEvent, render, screen, waitFor } from '../testing/render.tsx';
import { DefinitionForm, formProblems, serverFills, useDefinitionForm, valuesOf, type DefinitionFormApi } from './DefinitionForm.tsx';

const fields: FieldDef[] = [
  { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 5, required: true },
  { name: 'currency', label: '币制', kind: 'select', options: [{ value: '142', label: '142 人民币' }], required: true },
  { name: 'ieDate', label: '进出口日期', kind: 'date', required: true },
  { name: 'payTime', label: '支付时间', kind: 'datetime', required: true },
  { name: 'goodsValue', label: '商品金额', kind: 'number', digits: 19, scale: 5 },
  { name: 'dxpId', label: '报文传输编号', kind: 'text', maxLength: 30, default: { word: 'company.dxpId' }, requiredToDeclare: true },
  { name: 'itemNo', label: '企业商品货号', kind: 'text', maxLength: 30, requiredToDeclare: true },
  { name: 'appTime', label: '申报时间', kind: 'datetime', readOnly: true, required: true },
  { name: 'note', label: '备注', kind: 'textarea', maxLength: 1000, span: 3 },
];

let form: DefinitionFormApi | undefined;
function Form({ disabled }: { disabled?: boolean }) {
  form = useDefinitionForm(fields, { orderNo: 'SO1', goodsValue: 10 });
  return (
    <>
      <DefinitionForm fields={fields} form={form} disabled={disabled} />
      <Button onClick={() => form!.validate()}>check</Button>
    </>
  );
}

describe('DefinitionForm', () => {
  it('one input per field in a 3-column grid, spans honoured, starting from the given row', () => {
    render(<Form />);
    expect((screen.getByPlaceholderText('请填写订单编号') as HTMLInputElement).value).toBe('SO1');
    expect((screen.getByPlaceholderText('请填写商品金额') as HTMLInputElement).value).toBe('10');
    const cols = document.querySelectorAll('.mantine-Grid-col');
    expect(cols).toHaveLength(fields.length);
    // Mantine writes each column's responsive width into the <style> just before it
    const wide = (el: Element) => /min-width[^{]*\{[^}]*--col-flex-basis:(?:calc\()?([\d.]+)%/.exec(el.previousElementSibling?.textContent ?? '')?.[1];
    expect(Number(wide(cols[0]!))).toBeCloseTo(33.33, 1);
    expect(Number(wide(cols[8]!))).toBeCloseTo(100, 1);
  });

  it('required messages (bills §5 wording) on every required kind', async () => {
    render(<Form />);
    fireEvent.change(screen.getByPlaceholderText('请填写订单编号'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'check' }));
    expect(await screen.findByText('请填写订单编号')).toBeTruthy();
    expect(screen.getByText('请选择币制')).toBeTruthy();
    // a date or datetime field has the placeholder 请选择日期 / 请选择日期时间; its message names it
    expect(screen.getByText('请选择进出口日期')).toBeTruthy();
    expect(screen.getByText('请选择支付时间')).toBeTruthy();
    expect(document.querySelectorAll('[aria-invalid="true"], .mantine-InputWrapper-error').length).toBeGreaterThanOrEqual(4);
    // read-only fields are never the user's to fill
    expect(form!.errors.appTime).toBeUndefined();
  });

  it('lengths are counted in characters: 5 Chinese characters fit a 5-character field, 6 do not', async () => {
    render(<Form />);
    const input = screen.getByPlaceholderText('请填写订单编号');
    fireEvent.change(input, { target: { value: '跨境电商通' } }); // 5 characters, 15 UTF-8 bytes
    fireEvent.blur(input);
    await waitFor(() => expect(form!.errors.orderNo).toBeUndefined());
    fireEvent.change(input, { target: { value: '跨境电商通关' } });
    fireEvent.blur(input);
    expect(await screen.findByText('订单编号长度不能超过5个字符')).toBeTruthy();
    fireEvent.change(input, { target: { value: '𠀀𠀁𠀂𠀃𠀄' } }); // 5 characters outside the BMP (10 UTF-16 units)
    fireEvent.blur(input);
    await waitFor(() => expect(form!.errors.orderNo).toBeUndefined());
  });

  it('view mode disables every input', () => {
    render(<Form disabled />);
    expect((screen.getByPlaceholderText('请填写订单编号') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByPlaceholderText('请填写备注') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('formProblems: declaring also needs requiredToDeclare, except what the server fills', () => {
    const values = { orderNo: 'SO1', currency: '142', ieDate: '2026-11-21', payTime: '2026-11-21 10:00:00', goodsValue: 'abc' };
    expect(formProblems(fields, values, 'save')).toEqual({ goodsValue: '商品金额必须是数字' });
    expect(formProblems(fields, values, 'declare')).toEqual({ goodsValue: '商品金额必须是数字', itemNo: '请填写企业商品货号' });
    expect(serverFills(fields[5]!)).toBe(true);
    expect(serverFills(fields[0]!)).toBe(false);
  });

  it('valuesOf: numbers and strings kept, the rest empty, flags all 0', () => {
    const flags: FieldDef = { name: 'specDeclFlag', label: '特殊业务标识', kind: 'flags', flagLabels: ['a', 'b', 'c'] };
    expect(valuesOf([...fields.slice(0, 2), fields[4]!, flags], { orderNo: 'SO1', goodsValue: 0, extra: 1 })).toEqual({ orderNo: 'SO1', currency: null, goodsValue: 0, specDeclFlag: '000' });
  });
});
