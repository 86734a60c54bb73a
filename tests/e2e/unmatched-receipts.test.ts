/**
 * Receipts of no bill end to end (issue 15, parts 2–3), on the real product with the folder
 * transport: a bare order receipt carrying the demo company's code for an order the console does
 * not hold yet, and a DXP document nothing here reads, dropped into the receive folder, both
 * appear on the company's 未匹配回执 page (综合查询), the order receipt's status marked where
 * customs documents it for no edition. No console errors, no CSP violations, no 5xx.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoCompanies } from '../../server/db/seed/demo.ts';
import { screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

const exchange = mkdtempSync(join(tmpdir(), 'cbec-e2e-unmatched-'));
let server: StartedServer, page: Page, problems: PageProblems;

useConsole({
  env: {
    CUSTOMS_TRANSPORT: 'folder', CUSTOMS_OUTBOX_DIR: join(exchange, 'send'), CUSTOMS_INBOX_DIR: join(exchange, 'receive'),
    CUSTOMS_INBOX_POLL_MS: '100', CUSTOMS_INBOX_SETTLE_MS: '200',
  },
  loginAsDemoAdmin: true,
}, (s) => ({ server, page, problems } = s));
afterAll(() => rmSync(exchange, { recursive: true, force: true }));

const demo = demoCompanies.find((c) => c.key === 'demo')!;
const guid = 'E2E0F7A6-3B1E-4F2A-9C5D-1E2F3A4B5C6D';
const orderReceipt = `<?xml version="1.0" encoding="UTF-8"?>
<ceb:CEB304Message guid="${guid}" version="1.0" xmlns:ceb="http://www.chinaport.gov.cn/ceb">
  <ceb:OrderReturn>
    <ceb:guid>${guid}</ceb:guid><ceb:ebpCode>3302960E8F</ceb:ebpCode><ceb:ebcCode>${demo.company_code}</ceb:ebcCode>
    <ceb:orderNo>E2E-UNMATCHED-0001</ceb:orderNo><ceb:returnStatus>18</ceb:returnStatus>
    <ceb:returnTime>20260318102436000</ceb:returnTime><ceb:returnInfo>状态18</ceb:returnInfo>
  </ceb:OrderReturn>
</ceb:CEB304Message>
`;
const notice = `<?xml version="1.0" encoding="UTF-8"?>
<DxpNotice ver="1.0" xmlns="http://www.chinaport.gov.cn/dxp"><ReceiverId>${demo.dxp_id}</ReceiverId><Text>交换平台维护通知</Text></DxpNotice>
`;

describe('未匹配回执', () => {
  it('lists a receipt before its bill and a DXP document nothing reads, for the company they name', async () => {
    writeFileSync(join(exchange, 'receive', 'CEB304Message_e2e.xml'), orderReceipt);
    writeFileSync(join(exchange, 'receive', 'DxpNotice_e2e.xml'), notice);
    const section = page.getByRole('region', { name: '未匹配回执' });
    const orderRow = section.getByRole('row').filter({ hasText: 'E2E-UNMATCHED-0001' });
    const noticeRow = section.getByRole('row').filter({ hasText: 'DxpNotice' });
    // The inbox reads the two files in turns of its own; the page shows what was read when it loaded,
    // so it is reloaded until both are there (a load between the two turns once showed the order alone).
    await expect.poll(async () => {
      await page.goto(`${server.url}/receipts/unmatched`);
      await section.getByText(/^共 \d+ 条$/).waitFor();
      return [await orderRow.count(), await noticeRow.count()];
    }, { timeout: 30_000, interval: 1000 }).toEqual([1, 1]);
    await orderRow.getByText('其它状态(18)').waitFor();
    await orderRow.getByText('未识别状态').waitFor();
    await noticeRow.getByText('其它DXP报文').waitFor();
    await screenshot(page, 'unmatched-receipts');
    problems.assertNone();
  });
});
