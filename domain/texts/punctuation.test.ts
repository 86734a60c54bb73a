// Chinese messages end with full-width ？ and ！ (issue 31 found half-width ones); only the spec's own
// texts keep theirs, word for word (是否保删除该条记录?, 两次输入密码不一致! …). Two checks: the strings
// domain/texts exports, and every string literal of the sources (domain/, machines/, src/, server/),
// which also sees the texts functions build and those outside domain/texts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
// the spec's texts (bills.md, accounts-and-enterprise.md) that are written with half-width marks:
// each checked against the spec with grep -F (issue 31 item 14); the spec's every Han+?/! is one of them
const SPEC = new Set([
  '上传头像图片只能是 JPG/PNG 格式!', '两次输入密码不一致!', '保存成功!', '原密码与新密码不能相同!', '导入数据可能会耗费较多时间, 请耐心等待, 是否导入?',
  '尚未对可汇总清单进行筛选, 是否进行筛选?', '已退出!', '是否保删除该条记录?', '是否保存信息?', '是否提交反馈信息?', '暂存成功!',
  '此操作将永久删除该文件, 是否继续?', '此操作将永久删除该用户, 是否继续?', '此操作将清空查询条件, 是否继续?', '生成成功!', '申报成功!',
  '确定批量改为退单吗?', '确定重新发送选中单据回执吗?', '确认回收企业授权?', '确认退出当前用户?', '网络连接失败,请检查网络链接!', '获取用户信息失败!',
]);

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
      for (const text of texts) if (/[\p{Script=Han}）][?!]/u.test(text) && !SPEC.has(text)) offending.push(`${file}: ${text}`);
    }
    expect(offending).toEqual([]);
  });

  it('has no half-width ?/! after Chinese in any string literal of the sources, except in the spec\'s texts', () => {
    const root = join(here, '..', '..');
    const offending: string[] = [];
    for (const dir of ['domain', 'machines', 'src', 'server']) {
      for (const file of sources(join(root, dir))) {
        for (const piece of literalPieces(readFileSync(file, 'utf8'))) {
          if (HALF_WIDTH.test(piece) && ![...SPEC].some((t) => t.includes(piece))) offending.push(`${file.slice(root.length + 1)}: ${piece}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('reads string literals, their template pieces, and no comments', () => {
    const source = "// 注释吗?\n/* 块注释! */ const a = '是否继续?'; const b = `第${n}行错误!`; const c = \"带\\\"引号\\\"吗?\";";
    expect(literalPieces(source).filter((p) => HALF_WIDTH.test(p))).toEqual(['是否继续?', '行错误!', '带\\"引号\\"吗?']);
  });
});

const HALF_WIDTH = /[\p{Script=Han}）][?!]/u;

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * The string literals of a source, each template literal as its pieces between ${…}, comments
 * skipped: a pattern scan (TypeScript 7 has no JavaScript compiler API; scripts/check-boundaries.ts
 * reads imports the same way).
 */
function literalPieces(source: string): string[] {
  const pieces: string[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') { i = source.indexOf('\n', i); if (i < 0) break; continue; }
    if (c === '/' && next === '*') { i = source.indexOf('*/', i + 2); if (i < 0) break; i += 2; continue; }
    if (c !== '\'' && c !== '"' && c !== '`') { i++; continue; }
    let j = i + 1;
    let piece = '';
    while (j < source.length) {
      const d = source[j]!;
      if (d === '\\') { piece += source.slice(j, j + 2); j += 2; continue; }
      if (c === '`' && d === '$' && source[j + 1] === '{') {
        pieces.push(piece);
        piece = '';
        // the expression is skipped, its braces counted
        let depth = 1;
        j += 2;
        while (j < source.length && depth > 0) { if (source[j] === '{') depth++; else if (source[j] === '}') depth--; j++; }
        continue;
      }
      if (d === c || (c !== '`' && d === '\n')) break;
      piece += d;
      j++;
    }
    pieces.push(piece);
    i = j + 1;
  }
  return pieces;
}
