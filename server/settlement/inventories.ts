/**
 * The inventory lines of a settlement (accounts §2 detail page, §3, §7): the company's released
 * inventories that may be added (/invtInventory/querySeInventList, /expuInventry/quertSeList),
 * adding them (declarationSeList; without a head this creates the settlement, 待生成), the lines
 * (/SeInventory/queryPageList …) and deleting lines. An inventory sits in one live settlement at a
 * time (a unique index guards it; a revoked or refused settlement frees its inventories). Lines
 * copy what the inventory said when added; totals are recomputed in the same transaction.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { parseLocalDateTime, queryText } from '../../domain/query.ts';
import { RELEASED_STATES, billTypeOf, type BillType, IE_TYPES } from '../../domain/settlement/states.ts';
import { settlementText as t } from '../../domain/texts/settlement.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { applyPaging, applySorts, applyTerms, compileListQuery, QueryError, type ColumnWhitelist } from '../query/list-query.ts';
import { decideSettlement } from './decide.ts';
import { amount, currencyName, idList, isUniqueViolation, time } from './format.ts';
import { lockSettlements, MAX_BATCH } from './settlements.ts';

const amountSql = sql<string>`(select coalesce(sum(cbec_stat_num(l.data->>'totalPrice')), 0) from bill_lines l where l.company_id = h.company_id and l.head_id = h.id)`;
const currencySql = sql<string>`coalesce(nullif(h.data->>'currency', ''), (select l.data->>'currency' from bill_lines l where l.company_id = h.company_id and l.head_id = h.id order by l.gnum limit 1), '142')`;

/** Released, the caller's, of an e-commerce company it may settle for, and in no live settlement. */
function eligible(user: AuthUser, billType: BillType): Expression<SqlBool> {
  return sql<SqlBool>`h.company_id = ${user.companyId} and h.bill_key = 'detailedList' and h.mode = ${billType}
    and h.state in (${sql.join(RELEASED_STATES)})
    and (h.ebc_code is null or h.ebc_code = ${user.companyCode ?? ''} or exists (
      select 1 from settlement_authorizations a where a.agent_company_id = ${user.companyId} and a.commerce_code = h.ebc_code and a.state = 'approved'))
    and not exists (select 1 from settlement_inventories si where si.bill_id = h.id and si.active)`;
}

const candidateWhitelist: ColumnWhitelist = {
  id: { sql: 'h.id', kind: 'number' },
  create_time: { sql: 'h.create_time', kind: 'timestamp', label: '创建时间' },
  app_time: { sql: 'h.app_time', kind: 'timestamp' },
  trade_mode: { sql: 'h.trade_mode', kind: 'text', label: '贸易方式' },
  invt_no: { sql: 'h.invt_no', kind: 'text', label: '清单编号' },
  cop_no: { sql: 'h.cop_no', kind: 'text', label: '企业内部编号' },
  order_no: { sql: 'h.order_no', kind: 'text', label: '订单编号' },
  logistics_no: { sql: 'h.logistics_no', kind: 'text', label: '物流运单编号' },
  ebc_name: { sql: 'h.ebc_name', kind: 'text' },
};

function candidates(db: Db, user: AuthUser, billType: BillType) {
  return db.selectFrom('bill_heads as h').where(eligible(user, billType)).select([
    'h.id', 'h.invt_no', 'h.cop_no', 'h.order_no', 'h.logistics_no', 'h.ebc_code', 'h.ebc_name', 'h.trade_mode', 'h.state', 'h.app_time', 'h.create_time', 'h.update_time',
    amountSql.as('amount'), currencySql.as('currency'),
    sql<string | null>`h.data->>'grossWeight'`.as('gross_weight'), sql<string | null>`h.data->>'ieDate'`.as('ie_date'),
  ]);
}
type Candidate = {
  id: number; invt_no: string | null; cop_no: string | null; order_no: string | null; logistics_no: string | null; ebc_code: string | null; ebc_name: string | null;
  trade_mode: string | null; state: string; app_time: Date | null; create_time: Date; update_time: Date; amount: string; currency: string; gross_weight: string | null; ie_date: string | null;
};

async function paged<R>(db: Db, base: any, compiled: ReturnType<typeof compileListQuery>): Promise<{ total: number; datas: R[] }> {
  const filtered = applyTerms(base, compiled);
  const rows = await applyPaging(applySorts(filtered, compiled), compiled).execute() as R[];
  const full = rows.length === compiled.pageSize;
  const total = !full && (rows.length > 0 || compiled.pageIndex === 0) ? compiled.offset + rows.length
    : Number((await db.selectFrom(filtered.clearSelect().select(sql`1`.as('one')).as('q')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  return { total, datas: rows };
}

/** The released inventories that may be added (§7 querySeInventList / quertSeList). */
export async function listCandidates(db: Db, user: AuthUser, billType: BillType, request: unknown) {
  const compiled = compileListQuery(request, candidateWhitelist, { tiebreaker: 'h.id' });
  const page = await paged<Candidate>(db, candidates(db, user, billType), compiled);
  return {
    total: page.total,
    datas: page.datas.map((c) => ({
      id: Number(c.id), invtNo: c.invt_no, copNo: c.cop_no, orderNo: c.order_no, logisticsNo: c.logistics_no, ebcCode: c.ebc_code, ebcName: c.ebc_name,
      tradeMode: c.trade_mode, currency: c.currency, currencyName: currencyName(c.currency), amount: amount(c.amount),
      grossWeight: c.gross_weight === null ? null : amount(c.gross_weight), ieDate: c.ie_date, appTime: time(c.app_time), createTime: time(c.create_time),
    })),
  };
}

/** Recomputes a settlement's totals and the keys its lines share. */
async function refreshTotals(trx: Db, settlementId: number, version: number) {
  await sql`update settlements s set
      total_amount = coalesce((select sum(amount) from settlement_inventories where settlement_id = s.id), 0),
      total_count = (select count(*) from settlement_inventories where settlement_id = s.id),
      update_time = now(), version = ${version + 1}
    where s.id = ${settlementId}`.execute(trx);
}

export interface AddInput { ids?: unknown; headId?: unknown; startTime?: unknown; endTime?: unknown }

/**
 * 添加清单: the selected released inventories join the settlement (headId), or a new one of this
 * bill type. All of one trade mode, currency and e-commerce company (the bank settles one of each).
 */
export async function addInventories(db: Db, user: AuthUser, billType: BillType, input: AddInput): Promise<{ headId: number; added: number }> {
  const ids = idList(input.ids, MAX_BATCH);
  if (!ids || ids.length === 0) throw new BizError(Array.isArray(input.ids) && input.ids.length > MAX_BATCH ? t.tooMany(MAX_BATCH) : t.selectAddInventory);
  for (const bound of [input.startTime, input.endTime]) {
    if (bound !== undefined && bound !== null && bound !== '' && (typeof bound !== 'string' || !parseLocalDateTime(bound))) throw new QueryError(queryText.badDate(t.createTime, bound));
  }
  try {
    return await db.transaction().execute(async (trx) => {
      let head: { id: number; version: number; trade_mode: string | null; currency: string | null; ebc_code: string | null };
      if (input.headId !== undefined && input.headId !== null && input.headId !== '') {
        const [row] = await lockSettlements(trx, user, [Number(input.headId)]);
        if (billTypeOf(row!.ie_type) !== billType) throw new BizError(t.notFound);
        decideSettlement(row!, 'edit');
        head = row!;
      } else {
        head = await trx.insertInto('settlements').values({ company_id: user.companyId, ie_type: IE_TYPES[billType], state: 'to_declare' })
          .returning(['id', 'version', 'trade_mode', 'currency', 'ebc_code']).executeTakeFirstOrThrow();
      }
      const found = await candidates(trx, user, billType).where('h.id', 'in', ids).orderBy('h.id').forUpdate('h').execute() as Candidate[];
      if (found.length !== ids.length) {
        const taken = await trx.selectFrom('settlement_inventories').select('invt_no').where('bill_id', 'in', ids).where('active', '=', true)
          .where('company_id', '=', user.companyId).executeTakeFirst();
        if (taken) throw new BizError(t.inventoryTaken(taken.invt_no ?? ''));
        throw new BizError(t.inventoryNotFound(ids.length - found.length));
      }
      const same = (pick: (c: { trade_mode: string | null; currency: string | null; ebc_code: string | null }) => string | null, message: string) => {
        const values = new Set([...found.map(pick), ...(head.trade_mode || head.currency || head.ebc_code ? [pick(head)] : [])]);
        if (values.size > 1) throw new BizError(message);
      };
      same((c) => c.trade_mode, t.mixedTradeMode);
      same((c) => c.currency, t.mixedCurrency);
      same((c) => c.ebc_code, t.mixedEbc);
      await trx.insertInto('settlement_inventories').values(found.map((c) => ({
        settlement_id: head.id, company_id: user.companyId, bill_id: c.id, invt_no: c.invt_no, cop_no: c.cop_no, order_no: c.order_no,
        logistics_no: c.logistics_no, ebc_code: c.ebc_code, ebc_name: c.ebc_name, trade_mode: c.trade_mode, currency: c.currency, amount: c.amount,
        gross_weight: c.gross_weight !== null && Number.isFinite(Number(c.gross_weight)) ? c.gross_weight : null, ie_date: c.ie_date, release_time: c.update_time,
      }))).execute();
      const first = found[0]!;
      await trx.updateTable('settlements').set({ trade_mode: first.trade_mode, currency: first.currency, ebc_code: first.ebc_code, ebc_name: first.ebc_name })
        .where('id', '=', head.id).execute();
      await refreshTotals(trx, head.id, head.version);
      return { headId: Number(head.id), added: found.length };
    });
  } catch (error) {
    // two people adding one inventory to two settlements at once: the second meets the index
    if (isUniqueViolation(error)) throw new BizError(t.inventoryTaken(''));
    throw error;
  }
}

const lineWhitelist: ColumnWhitelist = {
  id: { sql: 'si.id', kind: 'number' },
  head_id: { sql: 'si.settlement_id', kind: 'number' },
  settlement_id: { sql: 'si.settlement_id', kind: 'number' },
  invt_no: { sql: 'si.invt_no', kind: 'text' },
  create_time: { sql: 'si.create_time', kind: 'timestamp' },
};

/** The lines of one settlement (by data.id or an eq term on head_id / settlement_id). */
export async function listLines(db: Db, user: AuthUser, billType: BillType, request: unknown) {
  const req = (typeof request === 'object' && request !== null ? request : {}) as { id?: unknown; terms?: unknown[] };
  const headTerm = (req.terms ?? []).find((x) => typeof x === 'object' && x !== null && ['head_id', 'settlement_id'].includes((x as { column?: string }).column ?? '')) as { value?: unknown } | undefined;
  const headId = Number(req.id ?? headTerm?.value);
  if (!Number.isSafeInteger(headId)) throw new BizError(t.notFound);
  const head = await db.selectFrom('settlements').select(['id', 'ie_type']).where('id', '=', headId).where('company_id', '=', user.companyId).executeTakeFirst();
  if (!head || billTypeOf(head.ie_type) !== billType) throw new BizError(t.notFound);
  const compiled = compileListQuery({ ...req, terms: (req.terms ?? []).filter((x) => x !== headTerm) }, lineWhitelist, { defaultSort: [{ name: 'id', order: 'asc' }], defaultPageSize: 50 });
  const base = db.selectFrom('settlement_inventories as si').where('si.settlement_id', '=', headId).selectAll('si');
  const page = await paged<Record<string, any>>(db, base, compiled);
  return {
    total: page.total,
    datas: page.datas.map((l) => ({
      id: Number(l.id), headId: Number(l.settlement_id), billId: Number(l.bill_id), invtNo: l.invt_no, copNo: l.cop_no, orderNo: l.order_no, logisticsNo: l.logistics_no,
      ebcCode: l.ebc_code, ebcName: l.ebc_name, tradeMode: l.trade_mode, currency: l.currency, currencyName: currencyName(l.currency), amount: amount(l.amount),
      grossWeight: l.gross_weight === null ? null : amount(l.gross_weight), ieDate: l.ie_date, releaseTime: time(l.release_time), createTime: time(l.create_time),
    })),
  };
}

/** 删除清单: lines of settlements the caller may still edit. */
export async function deleteLines(db: Db, user: AuthUser, billType: BillType, rawIds: unknown): Promise<void> {
  const ids = idList(rawIds, MAX_BATCH);
  if (!ids || ids.length === 0) throw new BizError(t.selectDeleteInventory);
  await db.transaction().execute(async (trx) => {
    const lines = await trx.selectFrom('settlement_inventories').select(['id', 'settlement_id']).where('id', 'in', ids).where('company_id', '=', user.companyId).execute();
    if (lines.length !== ids.length) throw new BizError(t.notFound);
    const heads = await lockSettlements(trx, user, [...new Set(lines.map((l) => Number(l.settlement_id)))]);
    for (const h of heads) {
      if (billTypeOf(h.ie_type) !== billType) throw new BizError(t.notFound);
      decideSettlement(h, 'edit');
    }
    await trx.deleteFrom('settlement_inventories').where('id', 'in', ids).execute();
    for (const h of heads) {
      await refreshTotals(trx, h.id, h.version);
      const left = await trx.selectFrom('settlement_inventories').select('id').where('settlement_id', '=', h.id).executeTakeFirst();
      // an emptied settlement has no trade mode, currency or company of its own any more
      if (!left) await trx.updateTable('settlements').set({ trade_mode: null, currency: null, ebc_code: null, ebc_name: null }).where('id', '=', h.id).execute();
    }
  });
}
