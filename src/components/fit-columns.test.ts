import { describe, expect, it } from 'vitest';
import { fitColumns, type FitColumn } from './fit-columns.ts';

const col = (width: number, kind: 'pinned' | 'text' | 'number' = 'text'): FitColumn => ({ width, fixed: kind === 'pinned', text: kind === 'text' });
/** 出口订单's columns after the checkbox (44): 序号, 订单编号, 状态 pinned; 回执信息 … 创建时间 */
const exportOrder = [col(56, 'pinned'), col(190, 'pinned'), col(120, 'pinned'), col(260), col(200), col(200), col(110, 'number'), col(80), col(170), col(170)];
const edges = (widths: readonly number[], start: number) => widths.reduce<number[]>((acc, w) => [...acc, (acc.at(-1) ?? start) + w], []);
const straddles = (widths: readonly number[], start: number, edge: number) =>
  edges(widths, start).some((right, i) => right > edge && right - widths[i]! < edge);

describe('fitColumns', () => {
  it('changes nothing when no column straddles the edge', () => {
    const widths = exportOrder.map((c) => c.width);
    // 44 + … + 电商企业名称 ends at 1070: an edge there, or a table that fits
    expect(fitColumns(exportOrder, 44, 1070)).toEqual(widths);
    expect(fitColumns(exportOrder, 44, 2000)).toEqual(widths);
  });

  it('1440: 商品金额 (58 px under 回执) is pulled into view by narrowing the text columns in view, numbers and pinned ones untouched', () => {
    // the viewport of a 1440 window is 1186 wide; 回执 is 64: its edge at 1122; 商品金额 spans 1070–1180
    const fitted = fitColumns(exportOrder, 44, 1122);
    expect(edges(fitted, 44)[6]).toBe(1122);
    expect(straddles(fitted, 44, 1122)).toBe(false);
    expect(fitted.slice(0, 3)).toEqual([56, 190, 120]);
    expect(fitted[6]).toBe(110);
    expect(fitted.slice(7)).toEqual([80, 170, 170]);
    for (const i of [3, 4, 5]) expect(fitted[i]!).toBeGreaterThanOrEqual(exportOrder[i]!.width * 0.8);
  });

  it('1280: when pulling in would narrow too much, the straddling column is pushed out of view instead', () => {
    // edge at 962: 电商企业名称 (870–1070) is 108 px over; 20 % of the text columns in view is 132, so it comes in
    const in1280 = fitColumns(exportOrder, 44, 962);
    expect(straddles(in1280, 44, 962)).toBe(false);
    // a narrower window: 电商平台名称 (670–870) with the edge at 700 is 170 over, more than 20 % of 460: it goes out
    const out = fitColumns(exportOrder, 44, 700);
    expect(straddles(out, 44, 700)).toBe(false);
    expect(edges(out, 44)[3]).toBe(700);
    expect(out[4]).toBe(200);
  });

  it('the widths change by exactly what is needed, in whole pixels', () => {
    const fitted = fitColumns(exportOrder, 44, 1121);
    expect(fitted.every(Number.isInteger)).toBe(true);
    expect(fitted.reduce((a, b) => a + b, 0)).toBe(exportOrder.reduce((a, c) => a + c.width, 0) - 59);
  });

  it('a width the user dragged stays as dragged: the other text columns give the room', () => {
    const dragged = exportOrder.map((c, i) => (i === 4 ? { ...c, fixed: true } : c));
    const fitted = fitColumns(dragged, 44, 1122);
    expect(fitted[4]).toBe(200);
    expect(straddles(fitted, 44, 1122)).toBe(false);
  });

  it('only pinned columns before the edge: nothing to change', () => {
    expect(fitColumns([col(100, 'pinned'), col(100, 'pinned'), col(100)], 0, 150)).toEqual([100, 100, 100]);
  });
});
