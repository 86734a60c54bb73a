/**
 * 备案审核's queue (issue 20): a page of filings 审核中, each compared with its last approved
 * version (profile diff and attachments), answers in ≤ 100 ms (our target) with 1,000 filings
 * waiting. 1,000 companies approved once (a version with two attachments), then declared again with
 * one field changed and one attachment added; the queue's first page of 100 and a company-name
 * search, through the API as the demo operator (server time, median of 20 after a warm-up).
 *
 *   node --import tsx bench/review-filing.ts          # PGlite;  DATABASE_URL=… for PostgreSQL
 */
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { completeEnterprise } from '../domain/enterprise/example.ts';
import { loginAs, openBenchDatabase, startBenchSession } from './api-session.ts';
import { median, percentile, verdict } from './lib.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 1000);
const TARGET_MS = 100;
const opened = await openBenchDatabase();
const { db } = opened.handle;
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const profile = JSON.stringify(completeEnterprise);
const changed = JSON.stringify({ ...completeEnterprise, legalPerson: '李四' });

await sql`delete from companies where company_name like '审核基准%'`.execute(db);
const t0 = performance.now();
await sql`insert into companies (company_name, customs_regist_code, company_code, approve_state, profile, applied_at)
  select '审核基准企业' || g, 'RB' || lpad(g::text, 8, '0'), 'RB' || lpad(g::text, 8, '0'), 5, ${changed}::jsonb, now() - (g || ' seconds')::interval
  from generate_series(1, ${COMPANIES}::int) g`.execute(db);
await sql`insert into company_files (company_id, file_type, file_name, content_type, size, content, token)
  select c.id, t.ft, t.ft || '.png', 'image/png', 16, ${png}, gen_random_uuid()::text
  from companies c cross join (values ('01'), ('02'), ('03')) t(ft) where c.company_name like '审核基准%'`.execute(db);
// the approved version lists the first two attachments: the third is new since
await sql`insert into company_filing_versions (company_id, company_name, company_code, profile, files)
  select c.id, c.company_name, c.company_code, ${profile}::jsonb,
    (select jsonb_agg(jsonb_build_object('id', f.id, 'fileType', f.file_type, 'fileName', f.file_name, 'size', f.size) order by f.id)
     from company_files f where f.company_id = c.id and f.file_type in ('01', '02'))
  from companies c where c.company_name like '审核基准%'`.execute(db);
await sql`analyze`.execute(db);
console.log(`review-filing [${kind}] load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${COMPANIES} filings waiting, loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
const operator = await loginAs(s.address, opened.handle, 'operator', 'Cbec@2026operator');
const shapes: [string, Record<string, unknown>][] = [
  ['queue, first page of 100', { pageIndex: 0, pageSize: 100 }],
  ['queue, page 10 of 100', { pageIndex: 9, pageSize: 100 }],
  ['company-name search', { companyName: '审核基准企业77' }],
];
for (const [name, data] of shapes) {
  const first = await operator.post('/api/review/filing/pageList', data);
  if (name.startsWith('queue') && first.datas[0]?.changes?.join() !== '法定代表人,新增附件1个') throw new Error(`unexpected changes: ${JSON.stringify(first.datas[0])}`);
  for (let i = 0; i < 3; i++) await operator.post('/api/review/filing/pageList', data);
  s.takeServerTimes();
  for (let i = 0; i < 20; i++) await operator.post('/api/review/filing/pageList', data);
  const times = s.takeServerTimes();
  const m = median(times);
  console.log(`review-filing [${kind}] ${name}: median ${m.toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms (target ≤ ${TARGET_MS} ms) ${verdict(m, TARGET_MS)}`);
}
const one = await db.selectFrom('companies').select('id').where('company_name', '=', '审核基准企业1').executeTakeFirstOrThrow();
for (let i = 0; i < 3; i++) await operator.post('/api/review/filing/detail', { id: one.id });
s.takeServerTimes();
for (let i = 0; i < 20; i++) await operator.post('/api/review/filing/detail', { id: one.id });
const detail = s.takeServerTimes();
console.log(`review-filing [${kind}] detail of one filing: median ${median(detail).toFixed(1)} ms, p90 ${percentile(detail, 90).toFixed(1)} ms`);
await s.close();
