import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../testing/render.tsx';
import { RevocationHistoryDialog, type RevocationRecord } from './RevocationHistoryDialog.tsx';

const record: RevocationRecord = {
  id: 7, declareNo: 'JH20261121000001', agentName: '宁波跨境优选供应链管理有限公司', appTime: '2026-11-21 10:00:00', reas: '金额填写错误',
  bankName: '中国银行', totalCount: 3, totalAmount: '1200.50000', auditOpinion: null, stateName: '已撤销', updateTime: '2026-11-21 11:00:00',
};

describe('RevocationHistoryDialog', () => {
  it('asks for the first page of 10 when opened and shows each revocation with the total', async () => {
    const load = vi.fn().mockResolvedValue({ total: 1, datas: [record] });
    render(<RevocationHistoryDialog opened onClose={() => undefined} load={load} />);
    await waitFor(() => expect(screen.getByText('金额填写错误')).toBeTruthy());
    expect(load).toHaveBeenCalledWith(0, 10);
    expect(screen.getByText('JH20261121000001')).toBeTruthy();
    expect(screen.getByText('共 1 条')).toBeTruthy();
  });

  it('asks for nothing while closed', () => {
    const load = vi.fn().mockResolvedValue({ total: 0, datas: [] });
    render(<RevocationHistoryDialog opened={false} onClose={() => undefined} load={load} />);
    expect(load).not.toHaveBeenCalled();
  });
});
