/**
 * specDeclFlag (accounts §2: a head field shown as seven checkboxes). The spec names no flags; ours
 * are the seven 其他事项确认 of the customs declaration (the confirmations a bank asks for when it
 * settles goods money): stored as seven characters '0'/'1' in this order.
 */
export const specDeclFlags = [
  '特殊关系确认',
  '价格影响确认',
  '与货物有关的特许权使用费支付确认',
  '公式定价确认',
  '暂定价格确认',
  '自报自缴',
  '担保验放',
] as const;

export const EMPTY_SPEC_DECL_FLAG = '0000000';

export const isSpecDeclFlag = (v: unknown): v is string => typeof v === 'string' && /^[01]{7}$/.test(v);

/** Indexes of the checked boxes. */
export const checkedFlags = (flag: string): number[] =>
  [...(isSpecDeclFlag(flag) ? flag : EMPTY_SPEC_DECL_FLAG)].flatMap((c, i) => (c === '1' ? [i] : []));

export const flagOf = (checked: readonly number[]): string =>
  specDeclFlags.map((_, i) => (checked.includes(i) ? '1' : '0')).join('');
