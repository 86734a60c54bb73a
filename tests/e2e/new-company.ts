/**
 * A company that does not exist when the server starts, as its staff bring it in: the /reg form
 * and the 企业备案 profile, filled as a person fills them (registration.test.ts walks the forms'
 * refusals around these; operator-loop.test.ts carries the company on to the operator's console).
 * The captcha is answered by the caller: 'abcd' where the server runs with CAPTCHA=off, the image
 * read (captcha.ts) on a production server.
 */
import type { Page } from 'playwright-core';
import { chooseOption, labelled } from './forms.ts';

export interface NewCompany {
  name: string;
  login: string;
  /** 海关注册编码 */
  code: string;
  password: string;
}

/** Fills the page's 验证码. */
export type CaptchaAnswer = (page: Page) => Promise<void>;

/** A server with CAPTCHA=off takes any answer. */
export const anyCaptcha: CaptchaAnswer = (page) => page.getByLabel('验证码').fill('abcd');

/** The /reg form filled for an exporting e-commerce company (验证码 and 注册 are the caller's). */
export async function fillRegistration(page: Page, company: NewCompany): Promise<void> {
  const field = (label: string) => labelled(page, label);
  await field('企业名称').fill(company.name);
  await field('登录名').fill(company.login);
  await field('海关注册编码').fill(company.code);
  await field('密码').fill(company.password);
  await field('确认密码').fill(company.password);
  await page.getByRole('radio', { name: '出口', exact: true }).check();
  await page.getByRole('checkbox', { name: '电商企业' }).check();
}

/** /reg filled, answered and sent: 恭喜你注册成功，返回首页登录, confirmed back to /login. */
export async function register(page: Page, serverUrl: string, company: NewCompany, captcha: CaptchaAnswer): Promise<void> {
  await page.goto(`${serverUrl}/reg`);
  await fillRegistration(page, company);
  await captcha(page);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('恭喜你注册成功，返回首页登录').waitFor();
  await dialog.getByRole('button', { name: '确定' }).click();
  await page.waitForURL('**/login');
}

/** /login with the account, the captcha answered; waits for `landing` (the session's home). */
export async function logInAs(page: Page, serverUrl: string, account: string, password: string, captcha: CaptchaAnswer, landing = '/home'): Promise<void> {
  await page.goto(`${serverUrl}/login`);
  await page.getByLabel('企业账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await captcha(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

/**
 * Every required field of the 企业备案 page (in 编辑), dictionaries and the province → city → area
 * cascade included, for an exporting trader of Ningbo; 保存并申报 is the caller's.
 */
export async function fillFilingProfile(page: Page, optional: { dxpId?: string } = {}): Promise<void> {
  const field = (label: string) => labelled(page, label);
  const choose = (label: string, search: string, option: string) => chooseOption(page, label, search, option);
  await field('法定代表人').fill('张伟');
  await field('组织机构编码').fill('MA2GXK7Q3');
  await field('营业执照注册号').fill('330203000456789');
  await field('纳税人识别号').fill('91330203MA2GXK7Q3N');
  await field('工商注册地址').fill('浙江省宁波市海曙区中山西路138号');
  await field('邮箱').fill('filing@example.cn');
  await field('经营范围').fill('跨境电子商务进出口业务');
  await choose('注册海关', '3105', '3105 甬保税区');
  await field('注册资本(万元)').fill('500');
  await field('投资总额(万元)').fill('800');
  await field('到位资金(万元)').fill('300');
  await choose('省', '浙江', '浙江省');
  await choose('市', '宁波', '宁波市');
  await choose('区县', '海曙', '海曙区');
  await choose('经济区划', '01', '01 经济特区');
  await choose('经济类型', '150', '150 有限责任公司');
  await choose('经营类别', '10000000', '10000000 进出口收发货人');
  await choose('组织机构类型', '01', '01 企业法人');
  await choose('行业种类', 'F', 'F 批发和零售业');
  await choose('法定代表人证件类型', '1', '1 身份证');
  await field('法定代表人证件号码').fill('330203198001011234');
  await field('海关业务联系人').fill('李娜');
  await field('联系人移动电话').fill('13805740000');
  await page.getByRole('checkbox', { name: '出口', exact: true }).check();
  if (optional.dxpId) await field('报文传输编号(DXPID)').fill(optional.dxpId);
}

/** 保存并申报 of the filled profile, confirmed: 申报成功!, then 审核中. */
export async function declareFiling(page: Page): Promise<void> {
  await page.getByRole('button', { name: '保存并申报', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await page.getByText('申报成功!').first().waitFor();
  await page.getByTestId('approve-state').getByText('审核中').waitFor();
}
