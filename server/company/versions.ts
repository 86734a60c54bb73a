/**
 * The approved versions of a filing (migration 028): written in the approval's own transaction, read
 * by the review screen to show what a new declaration changed (domain/enterprise/filing-diff.ts).
 */
import type { FilingAttachment, Profile } from '../../domain/enterprise/filing-diff.ts';
import type { Db } from '../db/database.ts';

/** Copies the company's record as it stands into a new approved version (call inside the approval's transaction). */
export async function recordApprovedVersion(trx: Db, companyId: number, approvalId: number | null): Promise<void> {
  const row = await trx.selectFrom('companies').select(['company_name', 'company_code', 'customs_regist_code', 'profile'])
    .where('id', '=', companyId).executeTakeFirstOrThrow();
  const files = await attachmentsOf(trx, [companyId]);
  await trx.insertInto('company_filing_versions').values({
    company_id: companyId, approval_id: approvalId, company_name: row.company_name, company_code: row.company_code ?? row.customs_regist_code,
    profile: JSON.stringify(row.profile ?? {}), files: JSON.stringify(files.get(companyId) ?? []),
  }).execute();
}

export interface ApprovedVersion { approvedAt: Date; profile: Profile; files: FilingAttachment[] }

/** The latest approved version of each company that has one, as the page's profile (name and code included). */
export async function latestVersions(db: Db, companyIds: number[]): Promise<Map<number, ApprovedVersion>> {
  const out = new Map<number, ApprovedVersion>();
  if (companyIds.length === 0) return out;
  const rows = await db.selectFrom('company_filing_versions').select(['company_id', 'approved_at', 'company_name', 'company_code', 'profile', 'files'])
    .distinctOn('company_id').where('company_id', 'in', companyIds).orderBy('company_id').orderBy('id', 'desc').execute();
  for (const r of rows) {
    out.set(r.company_id, { approvedAt: r.approved_at, profile: { ...r.profile, companyName: r.company_name, customsRegistCode: r.company_code }, files: r.files });
  }
  return out;
}

/** The attachments of these companies as a version lists them. */
export async function attachmentsOf(db: Db, companyIds: number[]): Promise<Map<number, FilingAttachment[]>> {
  const out = new Map<number, FilingAttachment[]>();
  if (companyIds.length === 0) return out;
  const rows = await db.selectFrom('company_files').select(['id', 'company_id', 'file_type', 'file_name', 'size'])
    .where('company_id', 'in', companyIds).orderBy('id').execute();
  for (const f of rows) {
    const list = out.get(f.company_id) ?? [];
    list.push({ id: f.id, fileType: f.file_type, fileName: f.file_name, size: f.size });
    out.set(f.company_id, list);
  }
  return out;
}
