// The toolbar's actions on one line: those that fit the row are buttons, the rest items of 更多操作
// (issue 31 item 7). jsdom lays nothing out: widths are given by a stub, every button 100 px and the
// row 500 px.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importDetailedList } from '../../../../../domain/bills/import-detailed-list.ts';
import { fireEvent, render, screen } from '../../../../testing/render.tsx';
import { ListActions } from './ListActions.tsx';

const actions = importDetailedList.actions.filter((a) => a.place === 'list');

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return { width: this.tagName === 'BUTTON' ? 100 : 500, height: 30, top: 0, left: 0, right: 0, bottom: 0, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('ListActions on one line', () => {
  it('shows the buttons that fit beside 更多操作, the rest in its menu, in order', () => {
    const onAction = vi.fn();
    render(<ListActions actions={actions} busyCodes={[]} disabled={false} onAction={onAction} />);
    // 499 px less 更多操作 (100) and a 6 px gap: three buttons of 100 with two gaps
    const labels = actions.map((a) => a.label);
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual([...labels.slice(0, 3), '更多操作▾']);
    fireEvent.click(screen.getByRole('button', { name: /更多操作/ }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(labels.slice(3));
    fireEvent.click(screen.getByRole('menuitem', { name: labels.at(-1) }));
    expect(onAction).toHaveBeenCalledWith(actions.at(-1));
  });
});
