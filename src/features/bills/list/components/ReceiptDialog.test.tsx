// The list's 回执 dialog shows each receipt's explanation beside it (messageFindByBill's `explain`).
import { afterEach, describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../../domain/bills/export-order.ts';
import { http } from '../../../../lib/http.ts';
import { createTestAuthActor } from '../../../../testing/auth.ts';
import { render, screen, within } from '../../../../testing/render.tsx';
import { detailSession, immediateAdapter, ok, type SeenRequest } from '../../detail/test-fixtures.ts';
import { ReceiptDialog } from './ReceiptDialog.tsx';

afterEach(() => { http.axios.defaults.adapter = undefined; });

const receipts = [
  {
    returnTime: '2026-11-20 10:00:03.000', returnStatus: '100', returnStatusName: '海关退单', returnInfo: '支付单不存在',
    explain: { meaning: '海关退单：海关审核未通过，单证被退回', cause: '订单与支付单的订单编号不一致', fix: '核对两份单证的订单编号后重新申报' },
  },
  {
    returnTime: '2026-11-20 10:00:02.000', returnStatus: '2', returnStatusName: '电子口岸申报中', returnInfo: '新增申报成功[G-1]',
    explain: { meaning: '电子口岸申报中：电子口岸已接收报文，正在向海关转发' },
  },
];

describe('回执 dialog', () => {
  it('puts the explanation beside each receipt, cause and fix set off where there are any', async () => {
    const seen: SeenRequest[] = [];
    http.axios.defaults.adapter = immediateAdapter(() => ok(receipts), seen);
    render(<ReceiptDialog definition={exportOrder} client={http} row={{ id: 3, orderNo: 'SO000003', ebpCode: 'EBP1' }} title="SO000003" onClose={() => undefined} />,
      { actor: createTestAuthActor(detailSession()) });
    const dialog = await screen.findByRole('dialog', { name: '回执信息（近三天）' });
    await within(dialog).findByText('支付单不存在');
    expect(within(dialog).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['回执时间', '回执状态', '回执信息', '说明']);
    const [refusedRow, acceptedRow] = within(dialog).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(refusedRow)).toEqual([
      '2026-11-20 10:00:03.000', '海关退单', '支付单不存在',
      '海关退单：海关审核未通过，单证被退回原因：订单与支付单的订单编号不一致处理建议：核对两份单证的订单编号后重新申报',
    ]);
    expect(refusedRow.querySelector('[data-advice]')).not.toBeNull();
    expect(cells(acceptedRow)[3]).toBe('电子口岸申报中：电子口岸已接收报文，正在向海关转发');
    expect(acceptedRow.querySelector('[data-advice]')).toBeNull();
    expect(seen[0]!.data).toEqual({ messageType: 'CEB304Message', ebpCode: 'EBP1', orderNo: 'SO000003' });
  });

  it('counts receipts whose status customs documents for no edition on a 未识别状态 line, and marks each', async () => {
    const odd = {
      returnTime: '2026-11-20 10:00:04.000', returnStatus: '18', returnStatusName: '其它状态(18)', returnInfo: '状态18',
      explain: { meaning: '其它状态（18），海关未公布该代码的含义' }, unrecognised: true,
    };
    http.axios.defaults.adapter = immediateAdapter(() => ok([odd, ...receipts]));
    render(<ReceiptDialog definition={exportOrder} client={http} row={{ id: 3, orderNo: 'SO000003', ebpCode: 'EBP1' }} title="SO000003" onClose={() => undefined} />,
      { actor: createTestAuthActor(detailSession()) });
    const dialog = await screen.findByRole('dialog', { name: '回执信息（近三天）' });
    const line = await within(dialog).findByLabelText('未识别状态');
    expect(line.textContent).toBe('未识别状态1条回执的状态未能识别（18），已保存，单据状态未改变');
    const [oddRow, refusedRow] = within(dialog).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(oddRow).getAllByRole('cell')[1]!.textContent).toBe('其它状态(18)未识别状态');
    expect(within(refusedRow).getAllByRole('cell')[1]!.textContent).toBe('海关退单');
  });

  it('shows no 未识别状态 line when every status is documented', async () => {
    http.axios.defaults.adapter = immediateAdapter(() => ok(receipts));
    render(<ReceiptDialog definition={exportOrder} client={http} row={{ id: 3, orderNo: 'SO000003', ebpCode: 'EBP1' }} title="SO000003" onClose={() => undefined} />,
      { actor: createTestAuthActor(detailSession()) });
    const dialog = await screen.findByRole('dialog', { name: '回执信息（近三天）' });
    await within(dialog).findByText('支付单不存在');
    expect(within(dialog).queryByLabelText('未识别状态')).toBeNull();
  });
});
