// Toasts stack away from an open dialog (issue 31: receipt toasts covered a batch's failure table).
import { Button, Modal, Popover } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '../testing/render.tsx';
import { toastPlace } from './AppNotifications.tsx';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>打开</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="批量申报结果"><Button>仅重试失败</Button></Modal>
    </>
  );
}
const positionOf = (text: string) => screen.getByText(text).closest('[data-position]')?.getAttribute('data-position');

describe('where toasts stack', () => {
  it('top centre without a dialog, bottom right beside an open one', async () => {
    render(<Page />);
    act(() => { notifications.show({ id: 'a', message: '出口订单 SO1 海关入库' }); });
    await screen.findByText('出口订单 SO1 海关入库');
    expect(positionOf('出口订单 SO1 海关入库')).toBe('top-center');
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    await screen.findByRole('dialog');
    await waitFor(() => expect(positionOf('出口订单 SO1 海关入库')).toBe('bottom-right'));
    act(() => { notifications.show({ id: 'b', message: '出口订单 SO2 海关退单' }); });
    await screen.findByText('出口订单 SO2 海关退单');
    expect(positionOf('出口订单 SO2 海关退单')).toBe('bottom-right');
  });

  it('stays put while a menu, a date picker or any other popover (role=dialog, not modal) is open', async () => {
    render(
      <Popover opened withinPortal>
        <Popover.Target><Button>日期</Button></Popover.Target>
        <Popover.Dropdown>2026-12-07</Popover.Dropdown>
      </Popover>,
    );
    act(() => { notifications.show({ id: 'c', message: '请先进行企业备案！' }); });
    await screen.findByText('请先进行企业备案！');
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBeNull();
    await new Promise((r) => setTimeout(r, 50)); // a frame for the placement to measure
    expect(positionOf('请先进行企业备案！')).toBe('top-center');
  });

  it('goes beneath the dialog when no room is left beside it', () => {
    expect(toastPlace([], 1280)).toEqual({ position: 'top-center', width: 440, belowDialogs: false });
    expect(toastPlace([{ left: 380, right: 900 }], 1280)).toMatchObject({ position: 'bottom-right', width: 348, belowDialogs: false });
    expect(toastPlace([{ left: 250, right: 1030 }], 1280)).toMatchObject({ position: 'bottom-right', belowDialogs: true });
  });

  it('goes bottom left beside a drawer that fills the right, and beside a dialog over it (issue 31 item 13)', () => {
    // the operators' detail drawer (780 px at 1280), then the decision dialog centred above it
    expect(toastPlace([{ left: 500, right: 1280 }], 1280)).toEqual({ position: 'bottom-left', width: 440, belowDialogs: false });
    expect(toastPlace([{ left: 500, right: 1280 }, { left: 420, right: 860 }], 1280)).toEqual({ position: 'bottom-left', width: 388, belowDialogs: false });
  });
});
