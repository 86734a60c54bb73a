// The sign record detail page through its route, with the real http client and a fake server at
// the network boundary: the spec's fields, the XML pretty-printed, the breadcrumb, 返回 and a refusal.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { MenuModule, Session } from '../../../machines/auth.ts';
import { createHttp } from '../../lib/http.ts';
import { createTestAuthActor, sessionFixture } from '../../testing/auth.ts';
import { fireEvent, render, screen, within } from '../../testing/render.tsx';
import type { SignRecordDetail } from './api.ts';
import SignDetailPage from './SignDetailPage.tsx';

const signedInfo = '<ds:SignedInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"></ds:SignatureMethod></ds:SignedInfo>';
const record: SignRecordDetail = {
  id: 7, copNo: 'YX-SIGN-0001', customsRegistCode: '3302961A2B', companyName: '宁波跨境优选供应链管理有限公司',
  type: 'CEB303Message', typeName: '出口电子订单', purpose: '出口电子订单申报加签', note: null,
  state: 'SIGNED', stateName: '已签名', returnInfo: '已签名，报文进入发送队列',
  createTime: '2026-03-18 10:00:00', updateTime: '2026-03-18 10:01:30',
  waitSignData: signedInfo,
  waitSignDataPretty: '<ds:SignedInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">\n  <ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>\n</ds:SignedInfo>',
  signResult: 'c2lnbmF0dXJlLXZhbHVl', certificate: 'MIIB', messageGuid: 'A1', messageStatus: 'sent',
  xml: '<?xml version="1.0"?>\n<ceb:CEB303Message xmlns:ceb="http://www.chinaport.gov.cn/ceb">\n  <ceb:orderNo>YX-SIGN-0001</ceb:orderNo>\n</ceb:CEB303Message>',
};

const modules: MenuModule[] = [
  { id: 300, parentId: -1, uri: '', name: '综合查询', icon: 'statistics', code: 'menu_query', sortNo: 4 },
  { id: 301, parentId: 300, uri: '/bill/export/signRecord', name: '签名记录', icon: 'sign', code: 'cbe_sign_record', sortNo: 1, buttonVos: [] },
  { id: 302, parentId: 301, uri: '/sign/detail', name: '签名详情', icon: 'sign', code: 'cbe_sign_detail', sortNo: 1, hidden: true },
];
const session = (): Session => ({ ...sessionFixture(), modules: [...sessionFixture().modules, ...modules] });

/** A client whose server answers findById with `answer(id)`: a record, or a refusal's message. */
function clientAnswering(answer: (id: number) => SignRecordDetail | string) {
  const seen: { url: string; data: unknown }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const data = (JSON.parse(String(config.data)) as { data: { id: number } }).data;
    seen.push({ url: config.url ?? '', data });
    const a = answer(data.id);
    const body = typeof a === 'string' ? { code: -1, message: a, data: null } : { code: 0, message: '', data: a };
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  const client = createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter });
  return { client, seen };
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function open(id: number, answer: (id: number) => SignRecordDetail | string) {
  const { client, seen } = clientAnswering(answer);
  render(
    <Routes>
      <Route path="/sign/detail/:id" element={<SignDetailPage client={client} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: `/sign/detail/${id}`, actor: createTestAuthActor(session()) },
  );
  return seen;
}

const valueOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('sign record detail page', { timeout: 20_000 }, () => {
  it('asks findById for the id in the route and shows every field of the spec', async () => {
    const seen = open(7, () => record);
    expect(await screen.findByText('YX-SIGN-0001')).toBeTruthy();
    expect(seen).toEqual([{ url: '/api/enterprise/sign/signData/findById', data: { id: 7 } }]);
    expect(valueOf('企业内部编号')).toBe('YX-SIGN-0001');
    expect(valueOf('海关注册编码')).toBe('3302961A2B');
    expect(valueOf('企业名称')).toBe('宁波跨境优选供应链管理有限公司');
    expect(valueOf('签名类型')).toBe('出口电子订单');
    expect(valueOf('用途')).toBe('出口电子订单申报加签');
    expect(valueOf('备注')).toBe('—');
    expect(valueOf('创建时间')).toBe('2026-03-18 10:00:00');
    expect(valueOf('更新时间')).toBe('2026-03-18 10:01:30');
    expect(valueOf('状态')).toBe('已签名');
    expect(valueOf('提示信息')).toBe('已签名，报文进入发送队列');
  });

  it('shows the data to sign and the signed message pretty-printed, and the signature', async () => {
    open(7, () => record);
    const data = await screen.findByRole('region', { name: '待签名数据' });
    expect(within(data).getByText(/<ds:SignedInfo/).textContent).toBe(record.waitSignDataPretty);
    expect(within(screen.getByRole('region', { name: '签名结果' })).getByText('c2lnbmF0dXJlLXZhbHVl')).toBeTruthy();
    const message = screen.getByRole('region', { name: '已签名报文' });
    expect(within(message).getByText(/CEB303Message/).textContent).toContain('\n  <ceb:orderNo>YX-SIGN-0001</ceb:orderNo>\n');
  });

  it('a signed record shows the message\'s 签名算法 and 验签结果', async () => {
    open(7, () => ({ ...record, signature: { signed: true, algorithm: 'sm2', signatureMethod: 'http://www.chinaport.gov.cn/2022/04/xmldsig#sm2-sm3', ok: true } }));
    await screen.findByText('YX-SIGN-0001');
    expect(valueOf('签名算法')).toBe('SM2/SM3（国密）');
    expect(valueOf('验签结果')).toBe('验签通过');
  });

  it('a signature that does not verify shows 验签失败 with the reason', async () => {
    open(7, () => ({ ...record, signature: { signed: true, algorithm: 'rsa', ok: false, reason: '签名值验证失败：签名与证书不符' } }));
    await screen.findByText('YX-SIGN-0001');
    expect(valueOf('签名算法')).toBe('RSA-SHA1');
    expect(valueOf('验签结果')).toBe('验签失败：签名值验证失败：签名与证书不符');
  });

  it('a record still waiting shows its message as 待签名报文 and no signature yet', async () => {
    open(8, () => ({ ...record, id: 8, state: 'WAIT', stateName: '待签名', signResult: null, returnInfo: null, signature: { signed: false, ok: false } }));
    const message = await screen.findByRole('region', { name: '待签名报文' });
    expect(message).toBeTruthy();
    expect(screen.queryByText('签名算法')).toBeNull();
    expect(screen.queryByText('验签结果')).toBeNull();
    expect(screen.queryByRole('region', { name: '已签名报文' })).toBeNull();
    expect(within(screen.getByRole('region', { name: '签名结果' })).getByText('—')).toBeTruthy();
  });

  it('breadcrumb 首页 / 综合查询 / 签名记录 / 详情, and 返回 goes to the list', async () => {
    open(7, () => record);
    await screen.findByText('YX-SIGN-0001');
    const crumbs = document.querySelector('.mantine-Breadcrumbs-root')!;
    expect([...crumbs.children].map((c) => c.textContent).filter((t) => t !== '/')).toEqual(['首页', '综合查询', '签名记录', '详情']);
    expect(within(crumbs as HTMLElement).getByRole('link', { name: '签名记录' }).getAttribute('href')).toBe('/bill/export/signRecord');
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/bill/export/signRecord');
  });

  it('another company\'s or an unknown record shows the server\'s refusal', async () => {
    open(99, () => '签名记录不存在或无权访问');
    expect(await screen.findByText('签名记录不存在或无权访问')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
  });
});
