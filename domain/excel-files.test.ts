import { describe, expect, it } from 'vitest';
import { excelNameProblem, isOle2, OLE2_SIGNATURE } from './excel-files.ts';

describe('uploadable workbooks', () => {
  it('.xlsx only; an .xls is told to be saved as .xlsx', () => {
    expect(excelNameProblem('订单.XLSX')).toBeNull();
    expect(excelNameProblem('订单.xls')).toBe('请将文件另存为 .xlsx 后上传');
    expect(excelNameProblem('订单.XLS')).toBe('请将文件另存为 .xlsx 后上传');
    expect(excelNameProblem('订单.csv')).toBe('数据格式不正确或者模板不正确');
    expect(excelNameProblem('xls')).toBe('数据格式不正确或者模板不正确');
  });

  it('knows an .xls by its first bytes', () => {
    expect(isOle2(Uint8Array.from([...OLE2_SIGNATURE, 0, 0]))).toBe(true);
    expect(isOle2(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]))).toBe(false);
    expect(isOle2(Uint8Array.from([0xd0, 0xcf]))).toBe(false);
  });
});
