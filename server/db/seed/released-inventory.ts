/**
 * A released inventory (清单, state 800 放行) as customs leaves it, written straight into the bill
 * tables: what settlement, rewards and statistics read. Used by the demo data, the tests and the
 * benchmarks (never by the product's own writes, which go through the bill engine).
 */
import type { Db } from '../database.ts';

export interface ReleasedInventory {
  mode: 'export' | 'import';
  copNo: string;
  invtNo?: string;
  tradeMode?: string;
  state?: string;
  ebcCode: string;
  ebcName: string;
  ebpCode?: string;
  ebpName?: string;
  customsCode?: string;
  /** areaCode on import, iacCode on export */
  zoneCode?: string;
  zoneName?: string;
  billNo?: string;
  logisticsNo?: string;
  orderNo?: string;
  ieDate?: string;
  appTime?: Date;
  grossWeight?: number;
  trafMode?: string;
  voyageNo?: string;
  currency?: string;
  /** line totals (totalPrice) */
  prices: number[];
}

export async function insertReleasedInventory(q: Db, companyId: number, inv: ReleasedInventory): Promise<number> {
  const zone = inv.mode === 'import' ? { areaCode: inv.zoneCode, areaName: inv.zoneName } : { iacCode: inv.zoneCode, iacName: inv.zoneName };
  const appTime = inv.appTime ?? new Date();
  const head = await q.insertInto('bill_heads').values({
    company_id: companyId, bill_key: 'detailedList', mode: inv.mode, state: inv.state ?? '800', cop_no: inv.copNo, invt_no: inv.invtNo ?? `I${inv.copNo}`.slice(0, 18),
    order_no: inv.orderNo ?? `SO${inv.copNo}`, logistics_no: inv.logisticsNo ?? `LN${inv.copNo}`, bill_no: inv.billNo ?? null,
    ebc_code: inv.ebcCode, ebc_name: inv.ebcName, ebp_code: inv.ebpCode ?? null, ebp_name: inv.ebpName ?? null,
    agent_code: inv.ebcCode, agent_name: inv.ebcName, customs_code: inv.customsCode ?? '3105', trade_mode: inv.tradeMode ?? '9610', app_type: '1',
    app_time: appTime, create_time: appTime,
    data: JSON.stringify({
      ieDate: inv.ieDate ?? null, grossWeight: inv.grossWeight ?? 1, netWeight: inv.grossWeight ?? 1, trafMode: inv.trafMode ?? '5',
      voyageNo: inv.voyageNo ?? null, ...(inv.mode === 'import' ? { currency: inv.currency ?? '142' } : {}), ...zone,
    }),
  }).returning('id').executeTakeFirstOrThrow();
  if (inv.prices.length) {
    await q.insertInto('bill_lines').values(inv.prices.map((p, i) => ({
      company_id: companyId, head_id: head.id, gnum: i + 1, data: JSON.stringify({ gnum: i + 1, totalPrice: p, currency: inv.currency ?? '142', qty: 1, price: p }),
    }))).execute();
  }
  return Number(head.id);
}
