import { describe, expect, it } from 'vitest';
import { addQueryFiles, queryFileProblem } from './query-files.ts';

const f = (name: string, size = 10) => ({ name, size });

describe('query import files', () => {
  it('accepts any .xlsx as named (issue 31 item 3); an .xls is told to be saved as .xlsx', () => {
    expect(queryFileProblem(f('订单_2026.XLSX'))).toBeNull();
    expect(queryFileProblem(f('入库明细单数据模板 (1).xlsx'))).toBeNull();
    expect(queryFileProblem(f('wh-filled.xlsx'))).toBeNull();
    expect(queryFileProblem(f('a.xls'))).toBe('请将文件另存为 .xlsx 后上传');
    expect(queryFileProblem(f('a.csv'))).toBe('数据格式不正确或者模板不正确');
    expect(queryFileProblem(f('a.xlsx', 0))).toBe('文件数据为空或格式不正确！');
  });

  it('keeps at most 3 files, skips repeats, and says why it refused one', () => {
    const first = addQueryFiles([], [f('a.xlsx'), f('b.xlsx'), f('a.xlsx')]);
    expect(first.files.map((x) => x.name)).toEqual(['a.xlsx', 'b.xlsx']);
    const second = addQueryFiles(first.files, [f('c.xlsx'), f('d.xlsx'), f('e.txt')]);
    expect(second.files.map((x) => x.name)).toEqual(['a.xlsx', 'b.xlsx', 'c.xlsx']);
    expect(second.problems).toEqual(['d.xlsx：最多上传3个文件', 'e.txt：数据格式不正确或者模板不正确']);
  });
});
