/**
 * specDeclFlag (accounts §2: a head field shown as seven checkboxes), in bills.md's words and order
 * (issue 31: the settlement detail showed the customs declaration's 其他事项确认 instead): 国际赛事,
 * 特殊进出军工物资, 国际援助物资, 国际会议, 直通放行, 外交礼遇, 转关 — stored as seven characters
 * '0'/'1' in this order.
 */
export const specDeclFlags = [
  '国际赛事',
  '特殊进出军工物资',
  '国际援助物资',
  '国际会议',
  '直通放行',
  '外交礼遇',
  '转关',
] as const;

export const EMPTY_SPEC_DECL_FLAG = '0000000';

export const isSpecDeclFlag = (v: unknown): v is string => typeof v === 'string' && /^[01]{7}$/.test(v);

/** Indexes of the checked boxes. */
export const checkedFlags = (flag: string): number[] =>
  [...(isSpecDeclFlag(flag) ? flag : EMPTY_SPEC_DECL_FLAG)].flatMap((c, i) => (c === '1' ? [i] : []));

export const flagOf = (checked: readonly number[]): string =>
  specDeclFlags.map((_, i) => (checked.includes(i) ? '1' : '0')).join('');
