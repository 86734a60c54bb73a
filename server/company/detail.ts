/**
 * The enterprise record as /company/queryDetailById answers it (accounts-and-enterprise.md §3):
 * the profile fields, approveState and showApproveState, the attachments (companyFileVos) and the
 * approval history (approvalRecordVos), times as China wall time.
 */
import { approveStateName } from '../../domain/enterprise/approval.ts';
import { attachmentTypeName } from '../../domain/enterprise/attachments.ts';
import { profileKeys } from '../../domain/enterprise/fields.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';

/** 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8, no daylight saving), whatever the server's zone. */
export function chinaTime(date: Date | string | null): string | null {
  if (!date) return null;
  const d = new Date(new Date(date).getTime() + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** The download link of an attachment: its capability token and name, no session needed. */
export const attachmentUri = (token: string, name: string) => `/api/enterprise/company/file/${token}/${encodeURIComponent(name)}`;

export async function companyRow(db: Db, companyId: number) {
  const row = await db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
  if (!row) throw new BizError(enterpriseText.companyNotFound);
  return row;
}
export type CompanyRow = Awaited<ReturnType<typeof companyRow>>;

/** The profile as the form sees it: the stored fields, plus the two read-only ones kept in columns. */
export function profileOf(row: CompanyRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row.profile ?? {})) if (profileKeys.has(k)) out[k] = v;
  out.companyName = row.company_name;
  out.customsRegistCode = row.customs_regist_code ?? row.company_code;
  // a filing saved before 报文传输编号 was a filing field shows the id the company already sends with
  if (!Object.hasOwn(row.profile ?? {}, 'dxpId')) out.dxpId = row.dxp_id;
  return out;
}

export async function companyDetail(db: Db, companyId: number) {
  const row = await companyRow(db, companyId);
  const [files, approvals] = await Promise.all([
    db.selectFrom('company_files').select(['id', 'file_type', 'file_name', 'size', 'token', 'created_at'])
      .where('company_id', '=', companyId).orderBy('id').execute(),
    db.selectFrom('company_approvals').selectAll().where('company_id', '=', companyId).orderBy('operation_time', 'desc').orderBy('id', 'desc').execute(),
  ]);
  return {
    id: row.id,
    ...profileOf(row),
    companyCode: row.company_code,
    approveState: row.approve_state,
    showApproveState: approveStateName(row.approve_state),
    companyFileVos: files.map((f) => ({
      id: f.id, fileType: f.file_type, fileTypeName: attachmentTypeName(f.file_type) ?? f.file_type, fileName: f.file_name, size: f.size,
      createTime: chinaTime(f.created_at),
      attachment: { downloadUri: attachmentUri(f.token, f.file_name), displayUri: attachmentUri(f.token, f.file_name) },
    })),
    approvalRecordVos: approvals.map((a) => ({
      id: a.id, operationTime: chinaTime(a.operation_time), userName: a.user_name, state: a.approve_state,
      stateName: approveStateName(a.approve_state), opinion: a.opinion, note: a.note,
    })),
  };
}
export type CompanyDetail = Awaited<ReturnType<typeof companyDetail>>;
