import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../testing/render.tsx';
import { TabStrip } from './TabStrip.tsx';

const tabs = [
  { key: '/home', title: '首页' },
  { key: '/bill/export/order', title: '出口订单' },
  { key: '/workorder', title: '工单' },
];

describe('TabStrip', () => {
  it('lists the tabs with home first and without a close button', () => {
    render(<TabStrip tabs={tabs} activeKey="/workorder" onSelect={() => {}} onClose={() => {}} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页', '出口订单', '工单']);
    expect(screen.queryByRole('button', { name: '关闭 首页' })).toBeNull();
    expect(screen.getByRole('button', { name: '关闭 出口订单' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '工单' }).getAttribute('aria-selected')).toBe('true');
  });

  it('marks a tab whose bill changed (a dot named 单据有更新)', () => {
    render(<TabStrip tabs={[...tabs, { key: '/details/export/order?id=1', title: '出口订单 详情', changed: true }]} activeKey="/home" onSelect={() => {}} onClose={() => {}} />);
    const marks = screen.getAllByRole('img', { name: '单据有更新' });
    expect(marks).toHaveLength(1);
    expect(screen.getByRole('tab', { name: /出口订单 详情/ }).contains(marks[0]!)).toBe(true);
  });

  it('selects and closes', () => {
    const onSelect = vi.fn();
    const onClose = vi.fn();
    render(<TabStrip tabs={tabs} activeKey="/home" onSelect={onSelect} onClose={onClose} />);
    fireEvent.click(screen.getByRole('tab', { name: '出口订单' }));
    expect(onSelect).toHaveBeenCalledWith('/bill/export/order');
    fireEvent.click(screen.getByRole('button', { name: '关闭 工单' }));
    expect(onClose).toHaveBeenCalledWith('/workorder');
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('offers 关闭其他 and 关闭全部 in its menu', async () => {
    const onCloseOthers = vi.fn();
    const onCloseAll = vi.fn();
    render(<TabStrip tabs={tabs} activeKey="/home" onSelect={() => {}} onClose={() => {}} onCloseOthers={onCloseOthers} onCloseAll={onCloseAll} />);
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '关闭其他' }));
    expect(onCloseOthers).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '关闭全部' }));
    expect(onCloseAll).toHaveBeenCalledTimes(1);
  });

  it('pins and unpins a tab from its own menu (right click); home has none; a pinned tab shows a pin', async () => {
    const onTogglePin = vi.fn();
    const { rerender } = render(<TabStrip tabs={tabs} activeKey="/home" onSelect={() => {}} onClose={() => {}} onTogglePin={onTogglePin} />);
    fireEvent.contextMenu(screen.getByRole('tab', { name: '工单' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '固定标签页' }));
    expect(onTogglePin).toHaveBeenCalledWith('/workorder');
    fireEvent.contextMenu(screen.getByRole('tab', { name: '首页' }));
    expect(screen.queryByRole('menuitem', { name: '固定标签页' })).toBeNull();
    rerender(<TabStrip tabs={tabs.map((t) => (t.key === '/workorder' ? { ...t, pinned: true } : t))} activeKey="/home" onSelect={() => {}} onClose={() => {}} onTogglePin={onTogglePin} />);
    expect(screen.getByRole('img', { name: '已固定' })).toBeTruthy();
    fireEvent.contextMenu(screen.getByRole('tab', { name: /工单/ }));
    expect(await screen.findByRole('menuitem', { name: '取消固定' })).toBeTruthy();
  });

  it('shows the limit in its menu and offers the choices', async () => {
    const onChange = vi.fn();
    render(<TabStrip tabs={tabs} activeKey="/home" onSelect={() => {}} onClose={() => {}} limit={{ value: null, choices: [8, 12, null], onChange }} />);
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    expect(await screen.findByText('标签页上限：不限')).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: '不限' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: '8 个' }));
    expect(onChange).toHaveBeenCalledWith(8);
  });
});
