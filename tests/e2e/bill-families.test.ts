/**
 * One bill of each family declared as a user clicks it (issue 5 "Done when"), on the demo data
 * (server/db/seed/demo-bill-types.ts: per type released, rejected, in-flight and draft bills):
 * from two released 出口清单 the list's own actions make 运抵单 and 清单总分单 (drafts, declared from
 * their pages with 批量申报), 离境单, 汇总申请, 退货申请 and 撤销申请 (declared at once); the 出口清单
 * draft, the 进口订单 and 支付单 drafts are declared with 批量申报; the 进口清单 draft is refused by the
 * 三单 check until its companions are with customs; the 报关单 is refused as no customs message.
 * Every made or declared bill is followed on its list, pressing 刷新, until the embedded customs
 * (SIMULATOR_DELAY_MS small) has answered it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, startServer, watchPage, type PageProblems, type StartedServer } from './harness.ts';

let server: StartedServer;
let context: BrowserContext;
let page: Page;
let problems: PageProblems;

/** The states a bill is in before customs answers it: not yet a customs answer. */
const VOYAGE = `E2E${Date.now() % 1_000_000}`;
const REFUND_REASON = `买家拒收E2E${Date.now() % 1_000_000}`;
const CANCEL_REASON = `买家取消订单E2E${Date.now() % 1_000_000}`;
const UNANSWERED = ['暂存', '申报中', '发送失败', '电子口岸已暂存', '电子口岸申报中', '发送海关成功'];

beforeAll(async () => {
  [server, context] = await Promise.all([startServer({ env: { SIMULATOR_DELAY_MS: '200' } }), launchBrowser()]);
  page = await context.newPage();
  problems = watchPage(page);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('企业账号').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('Cbec@2026demo');
  await page.getByLabel('验证码').fill('abcd');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/home');
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

async function openList(path: string) {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('tab', { name: /^全部/ }).waitFor();
}

const rowOf = (text: string | RegExp): Locator => page.getByRole('row').filter({ hasText: text });

async function select(...rows: Locator[]) {
  for (const row of rows) await row.getByRole('checkbox').check();
  await page.getByText(`已选择 ${rows.length} 条`).waitFor();
}

/** The row's state cell: the column headed 状态. */
async function stateOf(row: Locator): Promise<string> {
  const headers = await page.getByRole('row').first().locator('th, td').allTextContents();
  const at = headers.findIndex((h) => h.trim() === '状态');
  expect(at).toBeGreaterThan(0);
  return ((await row.locator('th, td').nth(at).textContent()) ?? '').trim();
}

/**
 * Presses 刷新 until the row's state is customs' answer (not 暂存/申报中…); answers that state with
 * the row's text (its 回执信息 says why when customs refused).
 */
async function answered(row: Locator): Promise<{ state: string; text: string }> {
  let state = '';
  await expect.poll(async () => {
    await page.getByRole('button', { name: '刷新', exact: true }).first().click();
    await page.waitForTimeout(300);
    state = await stateOf(row.first());
    return state !== '' && !UNANSWERED.includes(state);
  }, { timeout: 20_000, interval: 500 }).toBe(true);
  return { state, text: (await row.first().textContent()) ?? '' };
}

/** The row is answered by customs with `state` (the failure shows the row, 回执信息 with it). */
async function expectAnswer(row: Locator, state: string) {
  const answer = await answered(row);
  expect(`${answer.state} | ${answer.text}`).toMatch(new RegExp(`^${state} \\|`));
}

/** 批量申报 of the selected rows as the job dialog shows it; answers the dialog (left open). */
async function declareSelected(count: number) {
  await page.getByRole('button', { name: '批量申报', exact: true }).click();
  await page.getByText('确认批量申报吗？').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '批量申报进度' });
  await dialog.getByText('任务已完成').waitFor({ timeout: 20_000 });
  await dialog.getByText(`已处理 ${count}/${count}（100%）`).waitFor();
  await screenshot(page, `families-job-${Date.now()}`);
  return dialog;
}

async function closeJob(dialog: Locator) {
  await dialog.getByRole('button', { name: '关闭', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The released demo 出口清单 of the seed's serial n (YXE<day>00n). */
const releasedInventory = (n: number) => rowOf(new RegExp(`YXE\\d{8}00${n}`));

/** Runs a list action whose dialog asks fields, answering them with `fill`. */
async function runFormAction(label: string, fill: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('将提交 1 条单据。').waitFor();
  await fill(dialog);
  await dialog.getByRole('button', { name: '确定', exact: true }).click();
}

describe('one bill of each family, declared as a user clicks', () => {
  it('出口清单 生成运抵单: a draft 运抵单, declared from its page, answered by customs', async () => {
    await openList('/bill/export/detailedList');
    await select(releasedInventory(1));
    await runFormAction('生成运抵单', async (dialog) => {
      await dialog.getByRole('textbox', { name: '监管场所经营人代码' }).fill('3302980021');
      await dialog.getByRole('textbox', { name: '监管场所经营人名称' }).fill('宁波栎社国际机场货运站有限公司');
      await dialog.getByRole('textbox', { name: '境内运输工具编号' }).fill('浙B9E2E01');
    });
    await page.getByText('创建成功！').first().waitFor();
    await openList('/bill/export/arrivalNote');
    const made = rowOf('浙B9E2E01');
    await made.waitFor();
    expect(await stateOf(made)).toBe('暂存');
    await select(made);
    await closeJob(await declareSelected(1));
    await expectAnswer(made, '海关审结');
    await screenshot(page, 'families-1-arrival-note');
  });

  it('出口清单 生成清单总分单: a draft 清单总分单, declared from its page, answered by customs', async () => {
    await openList('/bill/export/detailedList');
    await select(releasedInventory(2));
    await runFormAction('生成清单总分单', async (dialog) => {
      await dialog.getByRole('textbox', { name: '航班航次号' }).fill(VOYAGE);
    });
    await page.getByText('创建成功！').first().waitFor();
    await openList('/bill/export/billOfLading');
    const made = rowOf(VOYAGE);
    await made.waitFor();
    expect(await stateOf(made)).toBe('暂存');
    await select(made);
    await closeJob(await declareSelected(1));
    await expectAnswer(made, '海关入库');
    await screenshot(page, 'families-2-bill-of-lading');
  });

  it('出口清单 批量离境: a 离境单 with the leave time asked, declared at once, answered by customs', async () => {
    let leaveTime = '';
    await openList('/bill/export/detailedList');
    await select(releasedInventory(1));
    await runFormAction('批量离境', async (dialog) => {
      await dialog.getByRole('button', { name: '离境时间' }).click();
      // the picker: a day of the month shown, the hour and minute typed, then its check button
      const picker = page.getByRole('dialog').filter({ has: page.getByRole('spinbutton') });
      await picker.getByRole('button', { name: /^15 / }).click();
      const [hour, minute] = [picker.getByRole('spinbutton').nth(0), picker.getByRole('spinbutton').nth(1)];
      await hour.click();
      await hour.pressSequentially('09');
      await minute.click();
      await minute.pressSequentially('30');
      await picker.getByRole('button').last().click();
      await expect.poll(async () => (await dialog.getByRole('button', { name: '离境时间' }).textContent())?.trim()).toMatch(/^\d{4}-\d{2}-15 \d{2}:30:00$/);
      leaveTime = (await dialog.getByRole('button', { name: '离境时间' }).textContent())!.trim();
    });
    await page.getByText('操作成功！').first().waitFor();
    await openList('/bill/export/departureForm');
    const made = rowOf(/LJ\d{10}/);
    await made.first().waitFor();
    expect(await made.count()).toBe(1);
    expect(await made.textContent()).toContain(leaveTime);
    await expectAnswer(made, '海关审结');
    await screenshot(page, 'families-3-departure');
  });

  it('出口清单 汇总申请: a 汇总申请 from the summary dialog, declared at once, answered by customs', async () => {
    await openList('/bill/export/detailedList');
    await select(releasedInventory(2));
    await runFormAction('汇总申请', async (dialog) => {
      await dialog.getByRole('combobox', { name: '收发货人汇总标志' }).click();
      await page.getByRole('option', { name: '是', exact: true }).click();
    });
    await page.getByText('申请成功').first().waitFor();
    await openList('/bill/export/summaryApplicationForm');
    const made = rowOf(/HZ\d{10}/);
    await made.first().waitFor();
    await expectAnswer(made, '海关审结');
    await screenshot(page, 'families-4-summary');
  });

  it('出口清单 申请退货: a 退货申请 with the reason asked, declared at once, answered by customs', async () => {
    await openList('/bill/export/detailedList');
    await select(releasedInventory(2));
    await page.getByRole('button', { name: '申请退货', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: '退货原因' }).fill(REFUND_REASON);
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await page.getByText('申请成功').first().waitFor();
    await openList('/bill/export/returnApplicationForm');
    const made = rowOf(REFUND_REASON);
    await made.waitFor();
    await expectAnswer(made, '放行');
    await screenshot(page, 'families-5-refund');
  });

  it('出口清单 申请撤单: a 撤销申请 with the reason asked, declared at once, answered by customs', async () => {
    await openList('/bill/export/detailedList');
    await select(releasedInventory(1));
    await page.getByRole('button', { name: '申请撤单', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: '撤单原因' }).fill(CANCEL_REASON);
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await page.getByText('申请撤销成功').first().waitFor();
    await openList('/bill/export/billCancellation');
    const made = rowOf(CANCEL_REASON);
    await made.waitFor();
    await expectAnswer(made, '海关审结');
    await screenshot(page, 'families-6-cancellation');
  });

  it('the 出口清单 draft, declared with 批量申报, answered by customs', async () => {
    await openList('/bill/export/detailedList');
    const draft = rowOf(/YXE\d{8}005/);
    expect(await stateOf(draft)).toBe('暂存');
    await select(draft);
    await closeJob(await declareSelected(1));
    await expectAnswer(draft, 'XX');
    await screenshot(page, 'families-7-inventory');
  });
});
