// The 操作日志 page with the real http client and a fake server at the network boundary: it opens on
// the last 7 days, shows who did what to which bills and how it ended, and searches by the filters.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { OPERATION_LOG_LIST_PATH } from '../../../domain/operation-log.ts';
import { lastDaysWindow } from '../../../domain/query.ts';
import { createHttp } from '../../lib/http.ts';
import { fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import type { OperationLogRow } from './api.ts';
import OperationLogPage from './OperationLogPage.tsx';

const row: OperationLogRow = {
  id: 1, createTime: '2026-11-26 10:00:00', account: 'user@admin', actorName: '李四', ip: '10.0.0.8', module: '出口订单', action: '保存',
  billType: 'export/order', recordIds: [5], billNos: ['SO-1'], outcome: '失败', message: '订单编号 SO-1 已存在',
};

function client() {
  const seen: { url: string; data: { terms: { column: string; value: unknown }[] } }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    seen.push({ url: config.url ?? '', data: JSON.parse(String(config.data)).data });
    return { data: { code: 0, message: '', data: { total: 1, datas: [row] } }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { http: createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter }), seen };
}

describe('操作日志 page', () => {
  it('lists the last 7 days and searches by bill number', async () => {
    const { http, seen } = client();
    render(<OperationLogPage client={http} />);
    expect(await screen.findByText('订单编号 SO-1 已存在')).toBeTruthy();
    expect(screen.getByText('user@admin')).toBeTruthy();
    expect(screen.getByText('SO-1')).toBeTruthy();
    expect(seen[0]!.url).toBe(OPERATION_LOG_LIST_PATH);
    const [start, end] = lastDaysWindow(new Date(), 7);
    expect(seen[0]!.data.terms).toEqual([{ column: 'create_time', termType: 'btw', value: [start, end] }]);
    fireEvent.change(screen.getByLabelText('单据编号'), { target: { value: 'SO-1' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(seen.at(-1)!.data.terms).toContainEqual({ column: 'bill_no', termType: 'eq', value: 'SO-1' }));
  });

  it('finds the account typed, whole: admin is not also every user@admin (issue 31)', async () => {
    const { http, seen } = client();
    render(<OperationLogPage client={http} />);
    await screen.findByText('user@admin');
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: ' admin ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(seen.length).toBeGreaterThan(1));
    const terms = seen.at(-1)!.data.terms.filter((x) => x.column === 'account');
    expect(terms).toEqual([{ column: 'account', termType: 'eq', value: 'admin' }]);
  });
});
