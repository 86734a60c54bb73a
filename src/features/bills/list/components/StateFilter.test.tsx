// The state tabs that do not fit go under 更多 with their counts; choosing one selects it and brings
// it into the line, active (issue 31 item 7). jsdom lays nothing out: widths are given by a stub,
// every tab and button 80 px and the row 500 px.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '../../../../testing/render.tsx';
import { StateFilter } from './StateFilter.tsx';

const states = Array.from({ length: 9 }, (_, i) => ({ state: `S${i}`, stateName: `状态${i}` }));
const counts = states.map((s, i) => ({ ...s, count: i * 3 }));

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const item = this.getAttribute('role') === 'tab' || this.tagName === 'BUTTON';
    return { width: item ? 80 : 500, height: 30, top: 0, left: 0, right: 0, bottom: 0, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => vi.restoreAllMocks());

const strip = () => screen.getAllByRole('tablist').find((l) => within(l).queryByRole('tab', { name: /^全部/ }))!;
const tabNames = () => within(strip()).getAllByRole('tab').map((t) => t.textContent);

describe('StateFilter', () => {
  it('shows the tabs that fit and the rest under 更多 with their counts', () => {
    render(<StateFilter states={states} counts={counts} countsLoading={false} active={null} onChange={() => undefined} />);
    // 499 px less 更多 (80 + 4): five tabs of 80
    expect(tabNames()).toEqual(['全部108', '状态00', '状态13', '状态26', '状态39']);
    expect(screen.queryByRole('button', { name: /查看状态/ })).toBeNull();
    // the measured copy holds no text: a hidden state's name is found only once 更多 is opened
    expect(screen.queryAllByText(/^状态4/)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '更多' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['状态412', '状态515', '状态618', '状态721', '状态824']);
  });

  it('choosing a hidden state selects it, and the chosen state is a tab of the line, active', () => {
    const onChange = vi.fn();
    const { rerender } = render(<StateFilter states={states} counts={counts} countsLoading={false} active={null} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '更多' }));
    fireEvent.click(screen.getByRole('menuitem', { name: /^状态7\s*21$/ }));
    expect(onChange).toHaveBeenCalledWith('S7');
    rerender(<StateFilter states={states} counts={counts} countsLoading={false} active="S7" onChange={onChange} />);
    expect(tabNames()).toEqual(['全部108', '状态00', '状态13', '状态26', '状态721']);
    expect(within(strip()).getByRole('tab', { name: /^状态7\s*21$/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '更多' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['状态39', '状态412', '状态515', '状态618', '状态824']);
  });

  it('all states fit: no 更多', () => {
    render(<StateFilter states={states.slice(0, 3)} counts={counts.slice(0, 3)} countsLoading={false} active={null} onChange={() => undefined} />);
    expect(tabNames()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: '更多' })).toBeNull();
  });
});
