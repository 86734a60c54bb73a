// 企业管理 of the operator (issue 20) with the real http client and a fake server at the network
// boundary: lists the companies, shows a company's accounts, freezes one after the confirmation.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { reviewCompanyText as t } from '../../../domain/texts/review-company.ts';
import { createHttp } from '../../lib/http.ts';
import { fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import type { BackupStatusAnswer } from '../../../domain/ops/backup-health.ts';
import type { EnterpriseRow } from './api.ts';
import ReviewCompanyPage from './ReviewCompanyPage.tsx';

const row: EnterpriseRow = {
  id: 7, companyName: '杭州云途国际物流有限公司', companyCode: '3301964C7D', customsRegistCode: '3301964C7D', socialCreditCode: '91330106MA27WQ8N1Y',
  approveState: 2, showApproveState: '备案通过', frozen: false, frozenTime: '', accountCount: 1, createTime: '2026-11-26 10:00:00', applyTime: '',
};

const failedBackup: BackupStatusAnswer = {
  health: 'failed', last: { time: '2026-12-07 03:30:12', ok: false, file: null, size: null, error: 'ENOSPC: no space left on device, write' },
  next: '2026-12-08 03:30:00', everyMinutes: null, keep: 7, dir: '/var/lib/cbec/backups',
};

function client(backup: BackupStatusAnswer = failedBackup) {
  const seen: { url: string; data: Record<string, unknown> }[] = [];
  let frozen = false;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = JSON.parse(String(config.data)).data as Record<string, unknown>;
    seen.push({ url, data });
    if (url.endsWith('/freeze')) frozen = true;
    const answer = url.endsWith('/backupStatus') ? backup
      : url.endsWith('/pageList') ? { total: 1, datas: [{ ...row, frozen }] }
      : url.endsWith('/accounts') ? [{ id: 3, loginName: 'other', userName: '刘建国', userType: 'ADMIN', state: 'EFFECTIVE', createTime: '2026-11-26 10:00:00' }]
      : { id: 7, frozen: true };
    return { data: { code: 0, message: '操作成功！', data: answer }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { http: createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter }), seen };
}

describe('企业管理 (operator)', () => {
  it('lists companies, searches by name, shows accounts and freezes a company after confirming', async () => {
    const { http, seen } = client();
    render(<ReviewCompanyPage client={http} />);
    expect(await screen.findByText('杭州云途国际物流有限公司')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '备案通过' })).toBeTruthy();
    expect(screen.getByText(t.normal)).toBeTruthy();
    expect(seen.map((s) => s.url)).toContain('/api/review/enterprise/pageList');

    fireEvent.change(screen.getByLabelText(t.companyName), { target: { value: '云途' } });
    fireEvent.click(screen.getByRole('button', { name: t.search }));
    await waitFor(() => expect(seen.at(-1)!.data.terms).toEqual([{ column: 'company_name', termType: 'like', value: '云途' }]));

    fireEvent.click(screen.getByRole('button', { name: t.accounts }));
    expect(await screen.findByText('刘建国')).toBeTruthy();
    expect(seen.at(-1)).toEqual({ url: '/api/review/enterprise/accounts', data: { id: 7 } });

    fireEvent.click(screen.getByRole('button', { name: `${t.freeze} 杭州云途国际物流有限公司` }));
    expect(await screen.findByText(t.confirmFreeze('杭州云途国际物流有限公司'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen.some((s) => s.url === '/api/review/enterprise/freeze' && s.data.id === 7)).toBe(true));
    expect(await screen.findByText(t.frozen)).toBeTruthy();
  });

  it('warns above the list when the last automatic backup failed, naming its cause', async () => {
    render(<ReviewCompanyPage client={client().http} />);
    const status = await screen.findByTestId('backup-status');
    expect(status.dataset.health).toBe('failed');
    expect(status.textContent).toContain(t.backupFailed('2026-12-07 03:30:12', '备份目录所在磁盘空间不足（ENOSPC: no space left on device, write）'));
    expect(status.textContent).toContain(t.backupNext('2026-12-08 03:30:00', 7, '/var/lib/cbec/backups'));
  });

  it('shows the last good backup with its size and file', async () => {
    const ok: BackupStatusAnswer = { ...failedBackup, health: 'ok', last: { time: '2026-12-07 03:30:40', ok: true, file: 'cbec-backup-20261207-033012.tar.gz', size: '40.6 MB', error: null } };
    render(<ReviewCompanyPage client={client(ok).http} />);
    const status = await screen.findByTestId('backup-status');
    expect(status.textContent).toContain(t.backupOk('2026-12-07 03:30:40', '40.6 MB', 'cbec-backup-20261207-033012.tar.gz'));
  });
});
