import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldDef } from '../../domain/bills/types.ts';
import { fireEvent, render, screen, waitFor } from '../testing/render.tsx';
import { FieldInput, type FieldValue } from './FieldInput.tsx';
import classes from './FieldInput.module.css';

const currencies = async () => [{ value: '142', name: '人民币' }, { value: '502', name: '美元' }];

/** A FieldInput holding its own value, reporting every change. */
function Harness({ field, initial = null, onValue, disabled, load = currencies }: { field: FieldDef; initial?: FieldValue; onValue?: (v: FieldValue) => void; disabled?: boolean; load?: typeof currencies }) {
  const [value, setValue] = useState<FieldValue>(initial);
  return (
    <FieldInput field={field} value={value} disabled={disabled} loadDictionary={load}
      onChange={(v) => { setValue(v); onValue?.(v); }} />
  );
}

describe('FieldInput', () => {
  it('text: 请填写{label}, the required asterisk, the typed string', () => {
    const onValue = vi.fn();
    render(<Harness field={{ name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, required: true }} onValue={onValue} />);
    const input = screen.getByPlaceholderText('请填写订单编号');
    expect(screen.getByText('订单编号').parentElement?.textContent).toContain('*');
    fireEvent.change(input, { target: { value: 'SO-1' } });
    expect(onValue).toHaveBeenLastCalledWith('SO-1');
  });

  it('textarea: a multi-line input', () => {
    render(<Harness field={{ name: 'note', label: '备注', kind: 'textarea', maxLength: 1000 }} />);
    expect(screen.getByPlaceholderText('请填写备注').tagName).toBe('TEXTAREA');
    expect(screen.getByText('备注').parentElement?.textContent).not.toContain('*');
  });

  it('number: right-aligned, no spinners, a number value', () => {
    const onValue = vi.fn();
    render(<Harness field={{ name: 'freight', label: '运杂费', kind: 'number', digits: 19, scale: 5 }} onValue={onValue} />);
    const input = screen.getByPlaceholderText('请填写运杂费') as HTMLInputElement;
    expect(input.style.textAlign).toBe('right');
    expect(document.querySelector('.mantine-NumberInput-controls')).toBeNull();
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(onValue).toHaveBeenLastCalledWith(12.5);
  });

  it('integer: whole numbers only', () => {
    const onValue = vi.fn();
    render(<Harness field={{ name: 'gnum', label: '序号', kind: 'integer', digits: 4 }} onValue={onValue} />);
    fireEvent.change(screen.getByPlaceholderText('请填写序号'), { target: { value: '12' } });
    expect(onValue).toHaveBeenLastCalledWith(12);
  });

  it('select from a dictionary: 请选择{label}, searchable, shown as `value name`', async () => {
    const onValue = vi.fn();
    render(<Harness field={{ name: 'currency', label: '币制', kind: 'select', codeTable: 'currency', required: true }} initial="142" onValue={onValue} />);
    const input = screen.getByPlaceholderText('请选择币制') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('142 人民币'));
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: '美元' } });
    fireEvent.click(await screen.findByRole('option', { name: '502 美元' }));
    expect(onValue).toHaveBeenLastCalledWith('502');
  });

  it('select with fixed options', async () => {
    const onValue = vi.fn();
    const field: FieldDef = { name: 'orderType', label: '订单类型', kind: 'select', options: [{ value: 'E', label: 'E 跨境电商B2C出口' }, { value: 'B', label: 'B 跨境电商B2B出口' }] };
    render(<Harness field={field} onValue={onValue} />);
    fireEvent.click(screen.getByPlaceholderText('请选择订单类型'));
    fireEvent.click(await screen.findByRole('option', { name: 'B 跨境电商B2B出口' }));
    expect(onValue).toHaveBeenLastCalledWith('B');
  });

  it('date: 请选择日期, shown and sent as YYYY-MM-DD', () => {
    const onValue = vi.fn();
    render(<Harness field={{ name: 'ieDate', label: '进出口日期', kind: 'date' }} initial="2026-11-21" onValue={onValue} />);
    const input = screen.getByPlaceholderText('请选择日期') as HTMLInputElement;
    expect(input.value).toBe('2026-11-21');
    fireEvent.change(input, { target: { value: '2026-12-01' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-12-01');
  });

  it('datetime: 请选择日期时间, shown as YYYY-MM-DD HH:mm:ss', () => {
    render(<Harness field={{ name: 'payTime', label: '支付时间', kind: 'datetime' }} />);
    expect(screen.getByText('请选择日期时间')).toBeTruthy();
  });

  it('datetime value', () => {
    render(<Harness field={{ name: 'payTime', label: '支付时间', kind: 'datetime' }} initial="2026-11-21 08:05:09" />);
    expect(screen.getByText('2026-11-21 08:05:09')).toBeTruthy();
  });

  it('flags: one checkbox per label, joined into one 0/1 string', () => {
    const onValue = vi.fn();
    const flagLabels = ['国际赛事', '特殊进出军工物资', '国际援助物资', '国际会议', '直通放行', '外交礼遇', '转关'];
    render(<Harness field={{ name: 'specDeclFlag', label: '特殊业务标识', kind: 'flags', flagLabels }} initial="0000001" onValue={onValue} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(7);
    expect((screen.getByRole('checkbox', { name: '转关' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '特殊进出军工物资' }));
    expect(onValue).toHaveBeenLastCalledWith('0100001');
  });

  it('read-only fields and view mode are disabled', () => {
    render(
      <>
        <Harness field={{ name: 'appTime', label: '申报时间', kind: 'text', readOnly: true }} />
        <Harness field={{ name: 'orderNo', label: '订单编号', kind: 'text' }} disabled />
        <Harness field={{ name: 'ebpName', label: '电商平台名称', kind: 'text' }} />
      </>,
    );
    expect((screen.getByPlaceholderText('请填写申报时间') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByPlaceholderText('请填写订单编号') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByPlaceholderText('请填写电商平台名称') as HTMLInputElement).disabled).toBe(false);
  });

  it('a date or time nobody edits is its text in the readable read-only frame, not a faded picker', () => {
    render(
      <>
        <Harness field={{ name: 'ieDate', label: '进出口日期', kind: 'date' }} initial="2026-11-21" disabled />
        <Harness field={{ name: 'payTime', label: '支付时间', kind: 'datetime' }} initial="2026-11-21 08:05:09" disabled />
        <Harness field={{ name: 'appTime', label: '申报时间', kind: 'datetime', readOnly: true }} initial="2026-11-22 10:00:00" />
      </>,
    );
    const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.value)).toEqual(['2026-11-21', '2026-11-21 08:05:09', '2026-11-22 10:00:00']);
    for (const b of boxes) {
      expect(b.disabled).toBe(true);
      expect(b.classList.contains(classes.input!)).toBe(true);
    }
    // no picker button to open (the editable datetime is a button)
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('flags nobody edits keep readable checkboxes: the readable classes on box, mark and label', () => {
    const flagLabels = ['国际赛事', '转关'];
    render(<Harness field={{ name: 'specDeclFlag', label: '特殊业务标识', kind: 'flags', flagLabels }} initial="01" disabled />);
    const ticked = screen.getByRole('checkbox', { name: '转关' }) as HTMLInputElement;
    const empty = screen.getByRole('checkbox', { name: '国际赛事' }) as HTMLInputElement;
    expect([ticked.checked, ticked.disabled, empty.checked, empty.disabled]).toEqual([true, true, false, true]);
    expect(ticked.classList.contains(classes.check!)).toBe(true);
    expect(ticked.parentElement!.querySelector(`.${classes.checkIcon!}`)).not.toBeNull();
    expect(screen.getByText('转关').classList.contains(classes.checkLabel!)).toBe(true);
  });

  it('a number nobody edits reads as in the lists, with the spec precision: 1,835.00, 0.12345', () => {
    const money: FieldDef = { name: 'goodsValue', label: '商品金额', kind: 'number', digits: 19, scale: 5, figure: 'money' };
    render(
      <>
        <Harness field={money} initial={1835} disabled />
        <Harness field={{ ...money, name: 'freight', label: '运杂费' }} initial="0.12345" disabled />
      </>,
    );
    const [total, freight] = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(total!.value).toBe('1,835.00');
    expect(freight!.value).toBe('0.12345');
    expect(total!.disabled).toBe(true);
  });
});
