/**
 * The account side of money, end to end on the real product: a settlement from 待生成 to 审核通过
 * (添加结汇单 → 添加清单 from the released inventories → 提交申请 with a bank → the sandboxed bank and
 * audit), an authorization agreed and recalled on the confirm list, and a reward application with an
 * Excel bill-number import that the sandbox verifies (Notice first, then the result detail).
 * Real server (SANDBOX_ADVANCE_MS), real database, real chromium; no console errors or CSP violations.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { labelledInput, toast as toastOn, untilShown } from './forms.ts';
import { screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;

useConsole({ env: { SANDBOX_ADVANCE_MS: '1500' }, loginAsDemoAdmin: true }, (s) => ({ server, page, problems } = s));

const toast = (text: string) => toastOn(page, text);
const dialog = () => page.getByRole('dialog').last();
/** Clicks 查询 until `row` shows `text` (the sandbox moves records while the page stays put). */
const until = (row: () => Locator, text: string, query: () => Promise<void>) => untilShown(page, row, text, query);
const select = (label: string) => labelledInput(page, label);
/** Toggles options of the state multi-select from the keyboard (the field sits right under the fixed header). */
async function pickStates(names: string[]) {
  for (const name of names) {
    await select('状态').focus();
    await page.keyboard.type(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}
async function choose(label: string, option: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await select(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('settlement, authorization and rewards in the browser', () => {
  it('takes a settlement from 待生成 to 审核通过', async () => {
    await page.goto(`${server.url}/exchangeSettlement`);
    await page.getByRole('button', { name: '添加结汇单' }).click();
    await dialog().getByRole('radio', { name: '出口' }).check();
    await dialog().getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/exchangeSettlement/applicationDetail?params=*');
    await page.getByRole('button', { name: '添加清单' }).click();
    const candidates = dialog().getByRole('table', { name: '选择已放行清单' });
    await candidates.getByRole('row').nth(1).waitFor();
    await dialog().getByRole('button', { name: '添加', exact: true }).click();
    await dialog().getByText('请选择需要添加的清单').waitFor();
    await candidates.getByRole('row').nth(1).getByRole('checkbox').check();
    await candidates.getByRole('row').nth(2).getByRole('checkbox').check();
    await dialog().getByRole('button', { name: '添加', exact: true }).click();
    await toast('操作成功！');
    const lines = page.getByRole('table', { name: '清单信息' });
    await expect.poll(() => lines.getByRole('row').count()).toBe(3);
    await screenshot(page, 'settlement-1-detail');

    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL('**/exchangeSettlement');
    // the newest draft is the first 待生成 row (drafts have no application time; newest first)
    await pickStates(['待生成']);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const list = page.getByRole('table', { name: '结汇' });
    const draftRow = list.getByRole('row').nth(1);
    await expect.poll(() => draftRow.getByRole('cell').nth(7).textContent()).toBe('2');
    await draftRow.getByRole('button', { name: '提交申请' }).click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await dialog().getByText('请选择结算银行').waitFor();
    await dialog().getByLabel(/^结算银行/).and(page.locator('input')).click();
    await page.getByRole('option', { name: '中国银行', exact: true }).click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await toast('提交申请成功');

    // find it by its new declaration number: the newest application
    await pickStates(['待生成', '申报中', '审核中', '审核通过']);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(async () => (await list.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()) ?? '').toMatch(/^JH\d{14}$/);
    const declareNo = (await list.getByRole('row').nth(1).getByRole('cell').nth(1).textContent())!;
    const row = () => list.getByRole('row').filter({ hasText: declareNo });
    await until(row, '审核通过', () => page.getByRole('button', { name: '查询', exact: true }).click());
    await screenshot(page, 'settlement-2-approved');
    await row().getByRole('button', { name: '查看' }).click();
    await page.getByText(`结汇单详情 · ${declareNo}`).waitFor();
    expect(await page.getByRole('button', { name: '添加清单' }).count()).toBe(0);
  });

  it('verifies part of an approved settlement, and reads the statistics of each tab', async () => {
    await page.goto(`${server.url}/settlementVerification`);
    const table = page.getByRole('table', { name: '核销' });
    await table.getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: '申请核销' }).click();
    await toast('请选择一条需要核销的结汇单');
    await table.getByRole('row').nth(1).getByRole('radio').check();
    const available = Number(await page.getByLabel('可核销金额').inputValue());
    expect(available).toBeGreaterThan(100);
    await page.getByLabel('本次核销金额').fill('100.12345');
    await expect.poll(() => page.getByLabel('核销后剩余金额').inputValue()).toBe((available - 100.12345).toFixed(5));
    await page.getByRole('button', { name: '申请核销' }).click();
    await toast('提交核销申请成功');
    await screenshot(page, 'settlement-6-verification');

    await page.goto(`${server.url}/statistics`);
    await page.getByRole('button', { name: '查询', exact: true }).first().click();
    const ebc = page.getByRole('table', { name: '统计 按电商企业' });
    await ebc.getByRole('row').filter({ hasText: '合计' }).waitFor();
    await page.getByRole('tab', { name: '按电商平台' }).click();
    await page.getByRole('tab', { name: '按电商企业' }).click();
    // the tab kept its results
    expect(await ebc.getByRole('row').filter({ hasText: '合计' }).count()).toBe(1);
    await screenshot(page, 'settlement-7-statistics');
  });

  it('agrees to an authorization and recalls it', async () => {
    await page.goto(`${server.url}/settlementAuthorization/confirm`);
    const row = page.getByRole('row').filter({ hasText: '杭州云途国际物流有限公司' }).first();
    await row.getByText('待审核').waitFor();
    await row.getByRole('button', { name: '同意' }).click();
    await toast('授权操作成功');
    await row.getByText('已授权').waitFor();
    await row.getByRole('button', { name: '回收' }).click();
    await dialog().getByText('确认回收企业授权?').waitFor();
    await dialog().getByRole('button', { name: '确定' }).click();
    await toast('回收授权成功');
    await row.getByText('已回收').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await screenshot(page, 'settlement-3-authorization');
  });

  it('applies for a reward with an imported bill list and sees it verified', async () => {
    await page.goto(`${server.url}/rewardApplication`);
    await page.getByRole('button', { name: '新增申请' }).click();
    await page.waitForURL('**/rewardApplication/apply/apply');
    await page.getByRole('button', { name: '提交申请' }).click();
    await toast('请完整填写申请数据');
    await choose('申请类型', 'E9 跨境电商9610出口');
    await page.getByRole('radio', { name: '货主' }).check();
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const start = new Date(Date.now() - 50 * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);
    await page.getByLabel(/^核验开始日期/).fill(start);
    await page.getByLabel(/^核验结束日期/).fill(today);
    await page.getByRole('textbox', { name: '备注' }).click();
    await page.getByRole('button', { name: '提交申请' }).click();
    await toast('请选择绑定企业');
    await page.getByRole('button', { name: '选择企业' }).click();
    await dialog().getByRole('checkbox', { name: '杭州云途国际物流有限公司' }).check();
    await dialog().getByRole('button', { name: '确定' }).click();
    await page.getByRole('textbox', { name: '备注' }).fill('E2E 航空运费补贴');

    // the bill list: one Excel file of main waybill numbers (the demo parcels' waybills)
    const dir = mkdtempSync(join(tmpdir(), 'cbec-e2e-reward-'));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('提单号');
    sheet.addRow(['提单号', '付款企业', '收款企业', '提货时间', '航班号', '航班日期', '毛重（千克）']);
    for (const n of ['784-22311000', '784-22311001', '784-22311002']) sheet.addRow([n, '宁波跨境优选供应链管理有限公司', '宁波机场物流', `${today} 09:30`, 'CA1234', today, 12.5]);
    const file = join(dir, '提单号导入.xlsx');
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
    const notExcel = join(dir, '说明.txt');
    writeFileSync(notExcel, 'not excel');
    await page.getByLabel('导入文件').setInputFiles(notExcel);
    await toast('仅支持上传excel文件');
    await page.getByLabel('导入文件').setInputFiles(file);
    await dialog().getByText('导入数据可能会耗费较多时间, 请耐心等待, 是否导入?').waitFor();
    await dialog().getByRole('button', { name: '确定' }).click();
    await toast('导入成功');
    await page.getByRole('table', { name: '提单号导入' }).getByText('784-22311002').waitFor();
    await page.getByRole('button', { name: '上传Excel' }).click();
    await toast('仅支持导入一份文件, 请先移除已上传文件再重新上传');
    await screenshot(page, 'settlement-4-reward-form');
    await page.getByRole('button', { name: '提交申请' }).click();
    await toast('提交申请成功');
    await page.waitForURL('**/rewardApplication');

    const row = () => page.getByRole('row').filter({ hasText: 'E2E 航空运费补贴' });
    await row().waitFor();
    if (!(await row().getByText('核验完成').count())) {
      await row().getByRole('button', { name: '查看' }).click();
      await dialog().getByText('您的申请已收到，正在处理中，请耐心等待核验结果').waitFor();
      expect(await dialog().getByText('Notice').count()).toBe(1);
      await dialog().getByRole('button', { name: '确定' }).click();
    }
    await until(row, '核验完成', () => page.getByRole('button', { name: '查询', exact: true }).click());
    await row().getByRole('button', { name: '查看' }).click();
    await page.waitForURL('**/rewardApplication/apply/detail?id=*');
    const results = page.getByRole('table', { name: '核验结果' });
    await results.getByText('784-22311000').waitFor();
    await expect.poll(() => results.getByRole('row').count()).toBe(4);
    await screenshot(page, 'settlement-5-reward-result');
    problems.assertNone();
  });
});
