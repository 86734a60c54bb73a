// 回执记录 with the real http client and a fake at the network boundary: the timeline, the
// explanations, 查看报文 and 状态图 (drawn by a stand-in renderer: Mermaid needs a real layout engine,
// the e2e slice draws it for real).
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../lib/http.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import { detailSession, immediateAdapter, ok, refused, type Envelope, type SeenRequest } from './test-fixtures.ts';
import { diagramState, type Timeline, type TimelineEvent } from './timeline-api.ts';
import { TimelineSection } from './TimelineSection.tsx';

const TIMELINE = '/api/receipter/timeline';
const RAW = '/api/receipter/raw';

const message: TimelineEvent = {
  kind: 'message', id: 41, time: '2026-11-20 10:00:00.120', guid: 'G-1', messageType: 'CEB303', messageTypeName: '出口电子订单',
  status: 'sent', statusName: '已发送', attempts: 1, lastError: null, createdAt: '2026-11-20 10:00:00.120', sentAt: '2026-11-20 10:00:01.005',
};
const accepted: TimelineEvent = {
  kind: 'receipt', id: 51, time: '2026-11-20 10:00:02.000', messageType: 'CEB304', messageTypeName: '出口订单回执',
  returnStatus: '2', returnStatusName: '电子口岸申报中', returnTime: '2026-11-20 10:00:02.000', returnInfo: '新增申报成功[G-1]',
  explain: { meaning: '电子口岸申报中：电子口岸已接收报文，正在向海关转发' },
};
const refusal: TimelineEvent = {
  kind: 'receipt', id: 52, time: '2026-11-20 10:00:03.000', messageType: 'CEB304', messageTypeName: '出口订单回执',
  returnStatus: '100', returnStatusName: '海关退单', returnTime: '2026-11-20 10:00:03.000', returnInfo: '支付单不存在',
  explain: { meaning: '海关退单：海关审核未通过，单证被退回', cause: '订单与支付单的编号不一致', fix: '核对订单编号与支付单' },
};
const stored: TimelineEvent = {
  ...accepted, id: 53, time: '2026-11-20 10:00:04.000', returnStatus: '120', returnStatusName: '海关入库', returnTime: '2026-11-20 10:00:04.000',
  returnInfo: '海关入库成功', explain: { meaning: '海关入库：海关已接收并入库，等待与其他单证比对或后续审核' },
};

function serve(answer: (url: string, data: Record<string, unknown>) => Envelope) {
  const seen: SeenRequest[] = [];
  http.axios.defaults.adapter = immediateAdapter(answer, seen);
  return seen;
}

const drawn: string[] = [];
const fakeRender = async (source: string) => {
  drawn.push(source);
  return '<svg data-testid="diagram"><g class="node statediagram-state current"></g></svg>';
};

function show(props: Partial<Parameters<typeof TimelineSection>[0]> = {}) {
  const ui = (revision: number) => (
    <TimelineSection billId="7" revision={revision} state="120" client={http} renderDiagram={fakeRender} {...props} />
  );
  const view = render(ui(props.revision ?? 1), { actor: createTestAuthActor(detailSession()) });
  return { ...view, rerenderWith: (revision: number) => view.rerender(ui(revision)) };
}

const section = () => screen.getByRole('region', { name: '回执记录' });

afterEach(() => {
  http.axios.defaults.adapter = undefined;
  drawn.length = 0;
  notifications.clean();
  notifications.cleanQueue();
});

describe('回执记录', () => {
  it('lists sent messages and receipts oldest first, each receipt with its explanation, cause and fix set off', async () => {
    const seen = serve(() => ok({ state: '100', stateName: '海关退单', events: [message, accepted, refusal] } satisfies Timeline));
    show();
    const items = await waitFor(() => {
      const found = section().querySelectorAll('.mantine-Timeline-item');
      expect(found).toHaveLength(3);
      return [...found] as HTMLElement[];
    });
    expect(seen).toEqual([{ url: TIMELINE, data: { billId: 7 } }]);
    expect(items.map((i) => i.querySelector('.mantine-Timeline-itemTitle')!.textContent)).toEqual([
      '发送报文 出口电子订单', '海关回执 出口订单回执', '海关回执 出口订单回执',
    ]);
    const [sent, first, refused100] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(sent).getByText('已发送')).toBeTruthy();
    expect(within(sent).getByText('2026-11-20 10:00:00.120')).toBeTruthy();
    expect(within(sent).getByText(/发送次数 1/).textContent).toContain('发送时间 2026-11-20 10:00:01.005');
    expect(within(first).getByText('新增申报成功[G-1]')).toBeTruthy();
    expect(within(first).getByText('电子口岸申报中：电子口岸已接收报文，正在向海关转发')).toBeTruthy();
    expect(first.querySelector('[data-advice]')).toBeNull(); // nothing to fix
    expect(within(refused100).getByText('支付单不存在')).toBeTruthy();
    const advice = refused100.querySelector('[data-advice]') as HTMLElement;
    expect(advice.textContent).toBe('原因：订单与支付单的编号不一致处理建议：核对订单编号与支付单');
    // the bill's state beside the section's title
    expect(section().querySelector('h5')!.parentElement!.textContent).toBe('回执记录海关退单');
  });

  it('shows a failed delivery with its attempts and reason', async () => {
    const failed: TimelineEvent = { ...message, status: 'failed', statusName: '发送失败', attempts: 3, lastError: '连接电子口岸超时', sentAt: null };
    serve(() => ok({ state: 'SEND_FAILED', stateName: '发送失败', events: [failed] }));
    show({ state: 'SEND_FAILED' });
    expect(await within(section()).findByText('失败原因：连接电子口岸超时')).toBeTruthy();
    expect(within(section()).getByText('发送次数 3').textContent).toBe('发送次数 3');
  });

  it('shows the exchange\'s transfer receipt as 传输回执 (a failure in red with its cause) and an undocumented status with its raw code', async () => {
    const transferOk: TimelineEvent = {
      kind: 'receipt', id: 61, time: '2026-11-20 10:00:01.500', messageType: 'DxpRep', messageTypeName: '传输回执',
      returnStatus: '0', returnStatusName: '传输成功', returnTime: '2026-11-20 10:00:01.500', returnInfo: '成功',
      explain: { meaning: '交换平台已接收报文并转发给接收方' },
    };
    const transferFailed: TimelineEvent = {
      ...transferOk, id: 62, returnStatus: '1001', returnStatusName: '传输失败(1001)', returnInfo: '报文签名无效',
      explain: { meaning: '签名无效：报文签名无效', cause: '签名值错误或签名结构不符合规范', fix: '重新加签后发送' },
    };
    const odd: TimelineEvent = { ...stored, id: 63, returnStatus: '18', returnStatusName: '其它状态(18)', returnInfo: '状态18', explain: { meaning: '其它状态（18），海关未公布该代码的含义' }, unrecognised: true };
    serve(() => ok({ state: 'SEND_FAILED', stateName: '发送失败', events: [message, transferOk, transferFailed, odd] } satisfies Timeline));
    show({ state: 'SEND_FAILED' });
    const items = await waitFor(() => {
      const found = section().querySelectorAll('.mantine-Timeline-item');
      expect(found).toHaveLength(4);
      return [...found] as HTMLElement[];
    });
    expect(items.map((i) => i.querySelector('.mantine-Timeline-itemTitle')!.textContent)).toEqual([
      '发送报文 出口电子订单', '传输回执', '传输回执', '海关回执 出口订单回执',
    ]);
    const [, ok1, failed1, unknown] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(ok1).getByText('传输成功')).toBeTruthy();
    expect(ok1.querySelector('[data-advice]')).toBeNull();
    expect(within(failed1).getByText('传输失败(1001)')).toBeTruthy();
    expect(within(failed1).getByText('报文签名无效')).toBeTruthy();
    expect(failed1.querySelector('[data-advice]')!.textContent).toBe('原因：签名值错误或签名结构不符合规范处理建议：重新加签后发送');
    expect(within(unknown).getByText('其它状态(18)')).toBeTruthy();
    expect(within(unknown).getByText('未识别状态 18')).toBeTruthy();
    expect(within(ok1).queryByText(/未识别状态/)).toBeNull();
  });

  it('says when nothing was declared yet, and keeps a failure in the section (no toast)', async () => {
    serve(() => ok({ state: 'DRAFT', stateName: '暂存', events: [] }));
    const first = show({ state: 'DRAFT' });
    expect(await within(section()).findByText('暂无回执记录（单据尚未申报）')).toBeTruthy();
    first.unmount();

    serve(() => refused('单据不存在或无权访问'));
    show();
    expect(await within(section()).findByText('单据不存在或无权访问')).toBeTruthy();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('reads the timeline again when the page has a new copy of the bill (刷新, after a declaration)', async () => {
    let events: TimelineEvent[] = [message];
    const seen = serve(() => ok({ state: 'DECLARING', stateName: '申报中', events }));
    const view = show({ state: 'DECLARING' });
    await waitFor(() => expect(section().querySelectorAll('.mantine-Timeline-item')).toHaveLength(1));
    events = [message, accepted, stored];
    view.rerenderWith(2);
    expect(await within(section()).findByText('海关入库成功')).toBeTruthy();
    expect(seen.filter((r) => r.url === TIMELINE)).toHaveLength(2);
  });

  it('查看报文 shows the record\'s XML, monospace, with a copy button', async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<ceb:CEB304Message guid="G-1" version="1.0">\n  <ceb:returnStatus>100</ceb:returnStatus>\n</ceb:CEB304Message>';
    const seen = serve((url) => (url === RAW ? ok({ xml }) : ok({ state: '100', events: [message, refusal] })));
    show();
    const buttons = await within(section()).findAllByRole('button', { name: /^查看报文/ });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]!);
    const dialog = await screen.findByRole('dialog', { name: '报文原文' });
    const code = await within(dialog).findByLabelText('报文原文');
    expect(code.tagName).toBe('PRE');
    expect(code.textContent).toBe(xml);
    expect(within(dialog).getByText('海关回执 出口订单回执 2026-11-20 10:00:03.000')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '复制' }) as HTMLButtonElement).disabled).toBe(false);
    expect(seen.filter((r) => r.url === RAW)).toEqual([{ url: RAW, data: { kind: 'receipt', id: 52 } }]);
  });

  async function openSignedMessage(signature: Record<string, unknown>) {
    const xml = '<ceb:CEB303Message guid="G-1" version="1.0"><ds:Signature/></ceb:CEB303Message>';
    serve((url) => (url === RAW ? ok({ xml, signature }) : ok({ state: '100', events: [message, refusal] })));
    show();
    fireEvent.click((await within(section()).findAllByRole('button', { name: /^查看报文/ }))[0]!);
    return screen.findByRole('dialog', { name: '报文原文' });
  }

  it('查看报文 of a sent message shows its 签名算法 and 验签通过', async () => {
    const dialog = await openSignedMessage({ signed: true, algorithm: 'sm2', signatureMethod: 'http://www.chinaport.gov.cn/2022/04/xmldsig#sm2-sm3', ok: true });
    expect(await within(dialog).findByText('签名算法：SM2/SM3（国密）')).toBeTruthy();
    expect(within(dialog).getByText('验签通过')).toBeTruthy();
  });

  it('查看报文 of a message whose signature does not verify says 验签失败 with the reason', async () => {
    const dialog = await openSignedMessage({ signed: true, algorithm: 'rsa', signatureMethod: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', ok: false, reason: '报文摘要不符：报文在加签后被修改' });
    expect(await within(dialog).findByText('签名算法：RSA-SHA1')).toBeTruthy();
    expect(within(dialog).getByText('验签失败：报文摘要不符：报文在加签后被修改')).toBeTruthy();
  });

  it('状态图 draws the lifecycle with the bill\'s state highlighted', async () => {
    serve(() => ok({ state: '120', stateName: '海关入库', events: [message, accepted, stored] }));
    show();
    await within(section()).findByText('海关入库成功');
    fireEvent.click(within(section()).getByRole('button', { name: '状态图' }));
    const dialog = await screen.findByRole('dialog', { name: '单据状态图（当前状态已高亮）' });
    expect(await within(dialog).findByTestId('diagram')).toBeTruthy();
    expect(within(dialog).getByText('当前状态：海关入库')).toBeTruthy();
    // what the bill can do next, in words, under the drawing
    expect(within(dialog).getByTestId('next-actions').textContent).toBe('可执行：重新发送回执、改为退单、生成运抵单/总分单、批量离境、申请撤单');
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.startsWith('stateDiagram-v2')).toBe(true);
    expect(drawn[0]!.split('\n').filter((l) => l.trim().startsWith('class '))).toEqual(['  class billLifecycle_customs_stored current']);
  });

  it('a diagram that cannot be drawn says so in the window', async () => {
    serve(() => ok({ state: 'DRAFT', events: [] }));
    show({ state: 'DRAFT', renderDiagram: () => Promise.reject(new Error('Parse error on line 3')) });
    await within(section()).findByText('暂无回执记录（单据尚未申报）');
    fireEvent.click(within(section()).getByRole('button', { name: '状态图' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Parse error on line 3')).toBeTruthy();
    expect(within(dialog).getByText('状态图绘制失败')).toBeTruthy();
  });
});

describe('diagramState', () => {
  it('is the stored code\'s lifecycle state, `sent` once a declaring bill\'s newest message has left', () => {
    expect(diagramState('120', [message, stored])).toEqual({ customs: 'stored' });
    expect(diagramState('DECLARING', [{ ...message, status: 'pending', statusName: '待发送' }])).toBe('declaring');
    expect(diagramState('DECLARING', [message])).toBe('sent');
    // declared again after a failure: the newest message counts
    expect(diagramState('DECLARING', [{ ...message, status: 'failed' }, { ...message, id: 42, status: 'pending' }])).toBe('declaring');
    expect(diagramState('DRAFT', [])).toBe('draft');
  });
});
