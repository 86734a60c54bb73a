/**
 * What the operator's 备案审核 reads (issue 20): the queue of filings 审核中 with what each changed
 * since its last approved version, one filing in full with that comparison, and the decisions
 * taken. Decisions themselves go through reviewFiling (server/company/review.ts).
 */
import { sql } from 'kysely';
import { APPROVE_STATE, approveStateName } from '../../domain/enterprise/approval.ts';
import { attachmentChanges, changeSummary, fieldChanges, type FieldChange, type FilingAttachment } from '../../domain/enterprise/filing-diff.ts';
import { companyTypeFlags, fieldByName } from '../../domain/enterprise/fields.ts';
import { flagOf } from '../../domain/enterprise/rules.ts';
import { reviewFilingText as t } from '../../domain/texts/review-filing.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { chinaTime, companyDetail, profileOf, type CompanyRow } from './detail.ts';
import { attachmentsOf, latestVersions, type ApprovedVersion } from './versions.ts';

export type FilingType = keyof typeof t.filingTypes;

/** 变更备案 once the company has been approved (it holds its companyCode), else 首次备案. */
const filingTypeOf = (row: Pick<CompanyRow, 'company_code'>): FilingType => (row.company_code ? 'change' : 'first');

/** How the filing compares with its last approved version: none to compare with (first), lost (approved before migration 028), or compared. */
export type Comparison =
  | { base: 'first' | 'lost' }
  | { base: 'approved'; approvedAt: string | null; fields: FieldChange[]; addedFileIds: number[]; removedFiles: FilingAttachment[] };

function compare(row: CompanyRow, version: ApprovedVersion | undefined, files: FilingAttachment[]): Comparison {
  if (!version) return { base: filingTypeOf(row) === 'first' ? 'first' : 'lost' };
  const changedFiles = attachmentChanges(version.files, files);
  return {
    base: 'approved', approvedAt: chinaTime(version.approvedAt), fields: fieldChanges(version.profile, profileOf(row)),
    addedFileIds: changedFiles.added.map((f) => f.id), removedFiles: changedFiles.removed,
  };
}

const companyTypesOf = (row: CompanyRow) => companyTypeFlags.filter((k) => flagOf(row.profile?.[k])).map((k) => fieldByName.get(k)!.label);

export interface QueueQuery { pageIndex?: number; pageSize?: number; companyName?: string }

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Filings 审核中, the longest waiting first. */
export async function filingQueue(db: Db, q: QueueQuery) {
  const pageSize = q.pageSize ?? 20;
  const pageIndex = q.pageIndex ?? 0;
  const name = q.companyName?.trim();
  let base = db.selectFrom('companies').where('approve_state', '=', APPROVE_STATE.reviewing);
  if (name) base = base.where(sql<boolean>`company_name like ${likeOf(name)} escape '\\'`);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('applied_at').orderBy('id').limit(pageSize).offset(pageIndex * pageSize).execute(),
  ]);
  const ids = rows.map((r) => r.id);
  const [versions, files] = await Promise.all([latestVersions(db, ids), attachmentsOf(db, ids)]);
  return {
    total: Number(total),
    datas: rows.map((r) => {
      const type = filingTypeOf(r);
      const comparison = compare(r, versions.get(r.id), files.get(r.id) ?? []);
      return {
        id: r.id, companyName: r.company_name, customsRegistCode: r.customs_regist_code, companyCode: r.company_code,
        applyTime: chinaTime(r.applied_at), filingType: type, filingTypeName: t.filingTypes[type], companyTypes: companyTypesOf(r),
        base: comparison.base,
        changes: comparison.base === 'approved'
          ? changeSummary(comparison.fields, { added: comparison.addedFileIds, removed: comparison.removedFiles })
          : null,
      };
    }),
  };
}

/** One filing in full (the enterprise page's record: profile, attachments with their links, approval history) and its comparison. */
export async function filingForReview(db: Db, companyId: number) {
  const row = await db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
  if (!row) throw new BizError(t.companyNotFound);
  const [detail, versions, files] = await Promise.all([companyDetail(db, companyId), latestVersions(db, [companyId]), attachmentsOf(db, [companyId])]);
  const type = filingTypeOf(row);
  return {
    ...detail,
    applyTime: chinaTime(row.applied_at),
    filingType: type, filingTypeName: t.filingTypes[type], companyTypes: companyTypesOf(row),
    comparison: compare(row, versions.get(companyId), files.get(companyId) ?? []),
  };
}
export type FilingForReview = Awaited<ReturnType<typeof filingForReview>>;

export interface DecisionQuery { pageIndex?: number; pageSize?: number; companyId?: number; companyName?: string }

/** The decisions taken (通过 / 退回, not the enterprise's own 申报 rows), newest first; of one company or all. */
export async function filingDecisions(db: Db, q: DecisionQuery) {
  const pageSize = q.pageSize ?? 20;
  const pageIndex = q.pageIndex ?? 0;
  const name = q.companyName?.trim();
  let base = db.selectFrom('company_approvals as a').innerJoin('companies as c', 'c.id', 'a.company_id')
    .where('a.approve_state', 'in', [APPROVE_STATE.approved, APPROVE_STATE.rejected]);
  if (q.companyId) base = base.where('a.company_id', '=', q.companyId);
  if (name) base = base.where(sql<boolean>`c.company_name like ${likeOf(name)} escape '\\'`);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.select(['a.id', 'a.company_id', 'c.company_name', 'a.operation_time', 'a.user_name', 'a.approve_state', 'a.opinion', 'a.note'])
      .orderBy('a.operation_time', 'desc').orderBy('a.id', 'desc').limit(pageSize).offset(pageIndex * pageSize).execute(),
  ]);
  return {
    total: Number(total),
    datas: rows.map((r) => ({
      id: r.id, companyId: r.company_id, companyName: r.company_name, operationTime: chinaTime(r.operation_time), userName: r.user_name,
      state: r.approve_state, stateName: approveStateName(r.approve_state), opinion: r.opinion, note: r.note,
    })),
  };
}
