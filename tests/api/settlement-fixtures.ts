/** Test data of the settlement suites: released inventories of a company, and review calls. */
import type { TestApp } from '../helpers/test-app.ts';
import { insertReleasedInventory, type ReleasedInventory } from '../../server/db/seed/released-inventory.ts';

export const DEMO = { code: '3302961A2B', name: '宁波跨境优选供应链管理有限公司' };
export const OTHER = { code: '3301964C7D', name: '杭州云途国际物流有限公司' };

let seq = 0;
export async function released(t: TestApp, companyCode: string, extra: Partial<ReleasedInventory> = {}): Promise<number> {
  seq += 1;
  const company = await t.handle.db.selectFrom('companies').select(['id', 'company_name']).where('company_code', '=', companyCode).executeTakeFirstOrThrow();
  return insertReleasedInventory(t.handle.db, company.id, {
    mode: 'export', copNo: `T${process.pid}${String(seq).padStart(6, '0')}`, ebcCode: companyCode, ebcName: company.company_name, prices: [100.5, 20.25], ...extra,
  });
}

export function review(t: TestApp, token: string | null, path: string, data: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/review/${path}`, payload: { data }, headers: token === null ? {} : { 'x-review-token': token } })
    .then((r) => ({ status: r.statusCode, body: r.json() as { code: number; message: string; data: any } }));
}

/** An .xlsx of rows (the first is the header), as a person would fill the template. */
export async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const excel = (await import('exceljs')).default;
  const book = new excel.Workbook();
  const sheet = book.addWorksheet('提单号');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** POST /api/file/upload of one file; answers the stored uri (or the refusal). */
export async function upload(t: TestApp, token: string, name: string, content: Buffer) {
  const boundary = 'cbecRewardBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-authorization': `Bearer ${token}` } });
  const body = res.json() as { code: number; message: string; data: { uri: string }[] | null };
  return { body, uri: body.data?.[0]?.uri ?? '' };
}
