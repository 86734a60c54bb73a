/**
 * What a save of a sub-account's grants changed, in words for the operation log (issue 31): whose
 * grants, which were added and which taken away, by page and button name. Bounded: a few pages
 * are named, the rest counted, so a row stays readable when everything was ticked at once.
 */
import type { GrantPair } from './grants.ts';
import { PAGE_GRANT } from './grants.ts';
import { moduleSeeds } from './modules.ts';
import { operationLogText } from './texts/operation-log.ts';

const t = operationLogText.grantChange;
const byId = new Map(moduleSeeds.map((m) => [m.id, m]));
/** pages named per side before the rest are counted */
const NAMED = 4;
/** the stored message's bound (a row, not a report) */
const MAX_LENGTH = 300;

const key = (p: GrantPair) => `${p.moduleId}:${p.code}`;

/** 出口订单（页面、申报、导出）、收款单（导出） … in menu order, the first NAMED pages, then 等N个功能. */
function named(pairs: readonly GrantPair[]): string {
  const byModule = new Map<number, string[]>();
  for (const p of pairs) {
    const codes = byModule.get(p.moduleId) ?? [];
    codes.push(p.code);
    byModule.set(p.moduleId, codes);
  }
  const order = moduleSeeds.map((m) => m.id).filter((id) => byModule.has(id));
  const words = order.slice(0, NAMED).map((id) => {
    const m = byId.get(id)!;
    const codes = byModule.get(id)!;
    const parts = [...(codes.includes(PAGE_GRANT) ? [t.page] : []),
      ...codes.filter((c) => c !== PAGE_GRANT).map((c) => m.buttons.find((b) => b.code === c)?.name ?? c)];
    return `${m.name}（${parts.join('、')}）`;
  });
  const rest = order.length - NAMED;
  return words.join('、') + (rest > 0 ? t.more(rest) : '');
}

export function describeGrantChange(login: string, before: readonly GrantPair[], after: readonly GrantPair[]): string {
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  const added = after.filter((p) => !had.has(key(p)) && byId.has(p.moduleId));
  const removed = before.filter((p) => !has.has(key(p)) && byId.has(p.moduleId));
  const sides = [
    ...(added.length ? [`${t.added} ${named(added)}`] : []),
    ...(removed.length ? [`${t.removed} ${named(removed)}`] : []),
  ];
  const text = `${t.subject(login)}：${sides.length ? sides.join('；') : t.unchanged}`;
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}
