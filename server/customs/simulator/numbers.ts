/**
 * Numbers customs issues (ceb-messages §6), pure: unique per document because they carry the
 * simulator's document id as the serial.
 *   preNo  18: a letter (B inventory and most, R 入库) + yyyyMMdd + 9-digit serial
 *   invtNo 18: 4-digit customs + yyyy + I/E + 9-digit serial
 *   sumNo, rkdNo 18: 4-digit customs + yyyy + 10-digit serial
 *   seqNo 18 (报关单 统一编号): I/E + yyyy + 13-digit serial, like the 单一窗口's I20180000147015879
 *   entryId 18 (报关单号): 4-digit customs + yyyy + 1 import / 0 export + 9-digit serial
 */
import type { IssuedNumber } from './doc-types.ts';

export interface NumberContext {
  /** the simulator's document id */
  serial: number;
  /** customs' date, yyyyMMdd */
  date: string;
  customsCode?: string;
  ieFlag: 'I' | 'E';
}

const pad = (n: number, width: number) => String(n % 10 ** width).padStart(width, '0');

export function issueNumber(kind: IssuedNumber, ctx: NumberContext): string {
  const customs = /^\d{4}$/.test(ctx.customsCode ?? '') ? ctx.customsCode! : '0000';
  const year = ctx.date.slice(0, 4);
  switch (kind) {
    case 'preNo': return `B${ctx.date}${pad(ctx.serial, 9)}`;
    case 'invtNo': return `${customs}${year}${ctx.ieFlag}${pad(ctx.serial, 9)}`;
    case 'sumNo': return `${customs}${year}${pad(ctx.serial, 10)}`;
    case 'rkdNo': return `${customs}${year}${pad(ctx.serial, 10)}`;
    case 'seqNo': return `${ctx.ieFlag}${year}${pad(ctx.serial, 13)}`;
    case 'entryId': return `${customs}${year}${ctx.ieFlag === 'I' ? '1' : '0'}${pad(ctx.serial, 9)}`;
  }
}
