/**
 * 查看历史撤销记录 (accounts §2, §3 "Cancellation history record", §7): revoked settlements
 * (/declare/revoke/revokePageList) and revoked verification applications
 * (/declare/revoke/verificationPageList), newest first, {datas, total}.
 */
import { sql } from 'kysely';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { compileListQuery } from '../query/list-query.ts';
import { amount, time } from './format.ts';

export async function revocationHistory(db: Db, user: AuthUser, revokeType: 1 | 2, request: unknown) {
  const req = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
  // paging only: the dialog sends {pageIndex, pageSize}
  const compiled = compileListQuery({ pageIndex: req.pageIndex, pageSize: req.pageSize }, { update_time: { sql: 'update_time', kind: 'timestamp' } },
    { defaultSort: [{ name: 'update_time', order: 'desc' }] });
  const base = db.selectFrom('settlement_revocations').where('company_id', '=', user.companyId).where('revoke_type', '=', revokeType);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('update_time', 'desc').orderBy('id', 'desc').limit(compiled.pageSize).offset(compiled.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    datas: rows.map((r) => ({
      id: Number(r.id), declareNo: r.declare_no, agentName: r.agent_name, appTime: time(r.app_time), reas: r.reason, bankName: r.bank_name,
      totalCount: r.total_count, totalAmount: r.total_amount === null ? null : amount(r.total_amount), auditOpinion: r.audit_opinion,
      stateName: r.state_name, updateTime: time(r.update_time),
    })),
  };
}
