/**
 * How the e2e tests fill the console's forms and wait on its pages, as a person does: fields found
 * by their labels, selects typed into and picked from, a bill's lines added in its 表体, toasts and
 * rows waited for. Each takes the page it acts on (a test may drive two browsers).
 */
import type { Locator, Page } from 'playwright-core';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An input by its label (Mantine adds " *" to required labels). */
export const labelled = (page: Page, label: string): Locator => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

/** The input of a labelled select: its option list is labelled by its label too. */
export const labelledInput = (page: Page, label: string): Locator => labelled(page, label).and(page.locator('input'));

/** A bill form's text box by its exact name. */
export const textbox = (page: Page, label: string): Locator => page.getByRole('textbox', { name: label, exact: true });

/** A searchable select by its label: `search` typed, then the option named `option` picked. */
export async function chooseOption(page: Page, label: string, search: string, option: string): Promise<void> {
  const input = labelledInput(page, label);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A bill form's searchable select: `value` typed, the first option showing it picked. */
export async function pickOption(page: Page, label: string, value: string): Promise<void> {
  // the searchable select shows the spec's placeholder 请选择{label}
  const input = page.getByPlaceholder(`请选择${label}`).first();
  await input.click();
  await input.fill(value);
  await page.getByRole('option').filter({ hasText: value }).first().click();
}

export interface BillLine {
  gnum: string;
  itemNo: string;
  itemName: string;
  qty: string;
  price: string;
}

/** A line of the bill being added: 新增 in 表体, its fields (总价 = 数量 × 单价), the body form's 保存. */
export async function fillLine(page: Page, line: BillLine): Promise<void> {
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await textbox(page, '序号').fill(line.gnum);
  await textbox(page, '企业商品货号').fill(line.itemNo);
  await textbox(page, '企业商品名称').fill(line.itemName);
  await pickOption(page, '计量单位', '011');
  await textbox(page, '数量').fill(line.qty);
  await textbox(page, '单价').fill(line.price);
  await textbox(page, '总价').fill(String(Number(line.qty) * Number(line.price)));
  // the body form's 保存 (the toolbar's 保存 saves the whole bill)
  await page.getByRole('button', { name: '保存', exact: true }).last().click();
  await page.getByRole('cell', { name: line.itemName, exact: true }).waitFor();
}

/**
 * Waits for the notification that says `text`. Always through here, never `page.getByText`: a toast shown
 * while a dialog is open moves when the dialog closes (src/app/AppNotifications.tsx), and for its 250 ms
 * move it is in two corners at once — two elements, which a strict locator refuses.
 */
export const toast = (page: Page, text: string): Promise<void> => page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();

/** Runs `query` (e.g. clicks 查询) until `row` shows `text` (the sandbox moves records while the page stays put). */
export async function untilShown(page: Page, row: () => Locator, text: string, query: () => Promise<void>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    await query();
    if (await row().getByText(text, { exact: true }).count()) return;
    if (Date.now() > end) throw new Error(`never showed ${text}`);
    await page.waitForTimeout(700);
  }
}

/**
 * A Mantine date-time picker: a day of the month shown, then hours, minutes and seconds typed as a
 * user types them (each part clicked first), its check button; the value must be exactly that time.
 * Last month's 15th: a payment or arrival time customs takes (not later than its clock, rule R501)
 * whatever today is. Answers the time as the picker shows it.
 */
export async function pickDateTime(page: Page, opener: Locator, time: string): Promise<string> {
  await opener.click();
  const picker = page.getByRole('dialog').filter({ has: page.getByRole('spinbutton') });
  await picker.locator('button[data-direction="previous"]').click();
  await picker.getByRole('button', { name: /^15 / }).click();
  const parts = time.split(':');
  for (const [i, digits] of parts.entries()) {
    await picker.getByRole('spinbutton').nth(i).click();
    await page.keyboard.type(digits);
  }
  await picker.getByRole('button').last().click();
  const shown = new RegExp(`^\\d{4}-\\d{2}-15 ${escapeRegExp(time)}$`);
  for (let i = 0; !shown.test(((await opener.textContent()) ?? '').trim()); i += 1) {
    if (i > 100) throw new Error(`the picker never showed the 15th at ${time}`);
    await page.waitForTimeout(100);
  }
  return (await opener.textContent())!.trim();
}

/** A bill list opened (its 全部 tab shown). */
export async function openBillList(page: Page, serverUrl: string, path: string): Promise<void> {
  await page.goto(`${serverUrl}${path}`);
  await page.getByRole('tab', { name: /^全部/ }).waitFor();
}

/** 新增 on the list, the form filled by `fill`, then 保存并申报 confirmed: the stored bill opens. */
export async function addBill(page: Page, serverUrl: string, listPath: string, fill: () => Promise<void>): Promise<void> {
  await openBillList(page, serverUrl, listPath);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await page.waitForURL(`**/details${listPath.replace(/^\/bill/, '')}`);
  await fill();
  await page.getByRole('button', { name: '保存并申报', exact: true }).click();
  await page.getByText('是否保存并申报？').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
  await page.waitForURL(/\?id=\d+/);
}
