/**
 * What the simulated customs checks and answers, pure. This is the customs side's knowledge,
 * deliberately independent of the console's bill definitions (a definition bug must show up as a
 * refusal, as it would with real customs): per declaration type its body layout, the business
 * fields that must not be blank, the duplicate rule and its negative code, and its receipt.
 *
 * Verdicts, in the order customs would reach them:
 *   appStatus 1 (暂存)                    → 1 电子口岸已暂存
 *   appType 1 and the key already stored  → a negative receipt (−301010 订单编号已存在 …)
 *   a blank business field, a total that does not add up, a random refusal (SIMULATOR_REJECT_RATE)
 *                                         → 2 申报中, then 100 海关退单 with the reason
 *   otherwise                             → 2 申报中, then 120 海关入库
 */
import { simulatorText } from '../../../domain/texts/customs.ts';
import { findReceiptType, type ReceiptType } from '../receipts/catalogue.ts';
import type { SchemaName } from '../schemas.ts';

export interface RequiredField { name: string; label: string }

export interface CustomsRule {
  /** CEB303 */
  type: string;
  root: string;
  schema: SchemaName;
  body: string;
  head?: string;
  line?: string;
  receipt: ReceiptType;
  required: readonly RequiredField[];
  lineRequired?: readonly RequiredField[];
  /**
   * the final good answer: 120 海关入库 for orders and receipts of payment, 399 海关审结 for
   * waybills (CEB506 carries no 120, ceb-messages §5.2); also what "already stored" means
   */
  accepted: { status: string; info: string };
  /** an appType 1 declaration of a key customs already stored */
  duplicate: { status: string; info: string };
  /** order: head goodsValue must equal the sum of the lines' totalPrice */
  checkOrderTotal?: boolean;
}

const f = (name: string, label: string): RequiredField => ({ name, label });
const receipt = (type: string): ReceiptType => {
  const t = findReceiptType(type);
  if (!t) throw new Error(`receipt type ${type} missing from the catalogue`);
  return t;
};

export const customsRules: readonly CustomsRule[] = [
  {
    type: 'CEB303', root: 'CEB303Message', schema: 'export', body: 'Order', head: 'OrderHead', line: 'OrderList',
    receipt: receipt('CEB304'),
    required: [f('orderType', '订单类型'), f('orderNo', '订单编号'), f('ebpCode', '电商平台代码'), f('ebpName', '电商平台名称'),
      f('ebcCode', '电商企业代码'), f('ebcName', '电商企业名称'), f('goodsValue', '商品金额'), f('freight', '运杂费'), f('currency', '币制')],
    lineRequired: [f('gnum', '序号'), f('itemNo', '企业商品货号'), f('itemName', '企业商品名称'), f('unit', '计量单位'),
      f('currency', '币制'), f('qty', '数量'), f('price', '单价'), f('totalPrice', '总价')],
    accepted: { status: '120', info: simulatorText.accepted },
    duplicate: { status: '-301010', info: simulatorText.duplicateOrder },
    checkOrderTotal: true,
  },
  {
    type: 'CEB403', root: 'CEB403Message', schema: 'export', body: 'Receipts',
    receipt: receipt('CEB404'),
    required: [f('ebpCode', '电商平台代码'), f('ebpName', '电商平台名称'), f('ebcCode', '电商企业代码'), f('ebcName', '电商企业名称'),
      f('orderNo', '订单编号'), f('payName', '支付企业名称'), f('charge', '收款金额'), f('currency', '币制'), f('accountingDate', '到账时间')],
    accepted: { status: '120', info: simulatorText.accepted },
    duplicate: { status: '-401010', info: simulatorText.duplicateReceipt },
  },
  {
    type: 'CEB505', root: 'CEB505Message', schema: 'export', body: 'Logistics',
    receipt: receipt('CEB506'),
    required: [f('logisticsCode', '物流企业代码'), f('logisticsName', '物流企业名称'), f('logisticsNo', '物流运单编号'), f('freight', '运杂费'),
      f('insuredFee', '保价费'), f('currency', '币制'), f('grossWeight', '毛重'), f('packNo', '件数'), f('goodsInfo', '主要货物信息')],
    accepted: { status: '399', info: simulatorText.concluded },
    duplicate: { status: '-504010', info: simulatorText.duplicateWaybill },
  },
];

export const findCustomsRule = (type: string): CustomsRule | undefined => customsRules.find((r) => r.type === type);

export interface DeclarationBody {
  head: Record<string, string>;
  lines: Record<string, string>[];
}

export type Verdict =
  | { kind: 'stored' }
  | { kind: 'negative'; status: string; info: string }
  | { kind: 'rejected'; reason: string }
  | { kind: 'accepted' };

export interface JudgeContext {
  /** customs already stored this business key (its accepted receipt exists) */
  alreadyStored: boolean;
  rejectRate: number;
  random: () => number;
}

/** A decimal as an integer count of 1e-5 (N19,5); undefined when it is not one. */
export function decimalUnits(text: string): bigint | undefined {
  const m = /^(-?)(\d+)(?:\.(\d{1,5}))?$/.exec(text.trim());
  if (!m) return undefined;
  const units = BigInt(m[2]!) * 100000n + BigInt((m[3] ?? '').padEnd(5, '0'));
  return m[1] === '-' ? -units : units;
}

export function unitsText(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const frac = (abs % 100000n).toString().padStart(5, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / 100000n}${frac ? `.${frac}` : ''}`;
}

export function judge(rule: CustomsRule, body: DeclarationBody, ctx: JudgeContext): Verdict {
  if (body.head.appStatus === '1') return { kind: 'stored' };
  if (body.head.appType === '1' && ctx.alreadyStored) return { kind: 'negative', ...rule.duplicate };

  const blank = rule.required.find((r) => !body.head[r.name]);
  if (blank) return { kind: 'rejected', reason: simulatorText.missing(blank.label, blank.name) };
  for (const line of body.lines) {
    const missing = rule.lineRequired?.find((r) => !line[r.name]);
    if (missing) return { kind: 'rejected', reason: simulatorText.missing(missing.label, missing.name) };
  }

  if (rule.checkOrderTotal) {
    const goodsValue = decimalUnits(body.head.goodsValue ?? '');
    const sum = body.lines.reduce<bigint | undefined>((acc, l) => {
      const v = decimalUnits(l.totalPrice ?? '');
      return acc === undefined || v === undefined ? undefined : acc + v;
    }, 0n);
    if (goodsValue === undefined || sum === undefined || goodsValue !== sum) {
      return { kind: 'rejected', reason: simulatorText.goodsValueMismatch(body.head.goodsValue ?? '', sum === undefined ? '?' : unitsText(sum)) };
    }
  }

  if (ctx.rejectRate > 0 && ctx.random() < ctx.rejectRate) {
    const reasons = simulatorText.randomReasons;
    return { kind: 'rejected', reason: reasons[Math.floor(ctx.random() * reasons.length) % reasons.length]! };
  }
  return { kind: 'accepted' };
}

/** The receipts (status, text) customs sends for a verdict, in order. */
export function receiptsOf(rule: CustomsRule, verdict: Verdict, head: Record<string, string>): { returnStatus: string; returnInfo: string }[] {
  const guid = head.guid ?? '';
  const declared = head.appType === '2' ? simulatorText.changed(guid) : head.appType === '3' ? simulatorText.deleted(guid) : simulatorText.declared(guid);
  switch (verdict.kind) {
    case 'stored': return [{ returnStatus: '1', returnInfo: simulatorText.stored(guid) }];
    case 'negative': return [{ returnStatus: verdict.status, returnInfo: verdict.info }];
    case 'rejected': return [{ returnStatus: '2', returnInfo: declared }, { returnStatus: '100', returnInfo: simulatorText.rejected(verdict.reason) }];
    case 'accepted': return [{ returnStatus: '2', returnInfo: declared }, { returnStatus: rule.accepted.status, returnInfo: rule.accepted.info }];
  }
}
