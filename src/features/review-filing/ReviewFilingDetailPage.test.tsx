// The 备案详情 page with the real http client and a fake server at the network boundary: changed
// fields and a new attachment are highlighted, 退回 is not sent without a reason, 通过 sends the
// code the dialog shows, and the page reloads with the decision.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createHttp } from '../../lib/http.ts';
import { within } from '@testing-library/react';
import { fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import type { FilingDetail } from './api.ts';
import ReviewFilingDetailPage from './ReviewFilingDetailPage.tsx';

const filing = (approveState: number): FilingDetail => ({
  id: 7, companyName: '宁波甬易跨境电商有限公司', companyCode: null, customsRegistCode: '3302A7X9Q1', approveState,
  showApproveState: approveState === 5 ? '审核中' : '备案通过', applyTime: '2026-11-26 10:00:00', filingType: 'first', filingTypeName: '首次备案',
  companyTypes: ['电商企业'], legalPerson: '李四', email: 'new@example.cn',
  companyFileVos: [
    { id: 1, fileTypeName: '营业执照', fileName: '营业执照.png', size: 10, createTime: null, attachment: { downloadUri: '/f/1', displayUri: '/f/1' } },
    { id: 2, fileTypeName: '税务登记证', fileName: '税务登记证.png', size: 10, createTime: null, attachment: { downloadUri: '/f/2', displayUri: '/f/2' } },
  ],
  approvalRecordVos: [{ id: 1, operationTime: '2026-11-26 10:00:00', userName: '备案员', state: 5, stateName: '审核中', opinion: null, note: '企业提交备案申请' }],
  comparison: {
    base: 'approved', approvedAt: '2026-11-01 09:00:00', addedFileIds: [2], removedFiles: [],
    fields: [{ field: 'legalPerson', label: '法定代表人', before: '张三', after: '李四' }],
  },
});

function client() {
  const seen: { url: string; data: any }[] = [];
  let state = 5;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = JSON.parse(String(config.data)).data;
    seen.push({ url, data });
    if (url.endsWith('/approve')) state = 2;
    const body = url.endsWith('/detail') ? filing(state) : { id: 7, approveState: state, showApproveState: '备案通过' };
    return { data: { code: 0, message: '', data: body }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { http: createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter }), seen };
}

const page = (http: ReturnType<typeof client>['http']) => (
  <Routes><Route path="/review/filing/detail/:id" element={<ReviewFilingDetailPage client={http} />} /></Routes>
);

describe('备案详情 page', () => {
  it('highlights what changed, refuses 退回 without a reason, approves with the shown code', async () => {
    const { http, seen } = client();
    render(page(http), { route: '/review/filing/detail/7' });
    const legal = await screen.findByLabelText('法定代表人 已变更');
    expect(legal.textContent).toContain('原值: 张三');
    expect(screen.getByLabelText('邮箱').getAttribute('data-changed')).toBeNull();
    expect(screen.getByText('税务登记证.png').closest('tr')?.getAttribute('data-changed')).toBe('true');
    expect(screen.getByText('营业执照.png').closest('tr')?.getAttribute('data-changed')).toBeNull();
    expect(seen[0]).toEqual({ url: '/api/review/filing/detail', data: { id: 7 } });

    fireEvent.click(screen.getByRole('button', { name: '退回' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '退回' }));
    expect(await screen.findByText('请填写审批意见')).toBeTruthy();
    expect(seen.some((s) => s.url.endsWith('/reject'))).toBe(false);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));

    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    expect(((await screen.findByLabelText(/企业海关编码/)) as HTMLInputElement).value).toBe('3302A7X9Q1');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '通过' }));
    await waitFor(() => expect(seen.find((s) => s.url.endsWith('/approve'))?.data).toEqual({ id: 7, opinion: '同意备案', companyCode: '3302A7X9Q1' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '通过' })).toBeNull());
    // decided: the record is the approved version, nothing is marked any more
    expect(document.querySelectorAll('[data-changed="true"]')).toHaveLength(0);
  }, 30_000);
});
