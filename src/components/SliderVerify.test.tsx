import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sliderVerifyText as t } from '../../domain/texts/slider-verify.ts';
import { fireEvent, render, screen } from '../testing/render.tsx';
import { SliderVerify } from './SliderVerify.tsx';

// happy-dom does no layout: give every element a 300 px wide box, so the handle (40 px) travels 260 px
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, left: 0, top: 0, right: 300, bottom: 36, width: 300, height: 36, toJSON: () => ({}) } as DOMRect);
});
afterEach(() => vi.restoreAllMocks());

const handle = () => screen.getByRole('slider', { name: t.handle });
const value = () => handle().getAttribute('aria-valuenow');
const pointer = { isPrimary: true, pointerId: 1, button: 0 };

function drag(toX: number, pointerType: 'mouse' | 'touch' = 'mouse') {
  fireEvent.pointerDown(handle(), { ...pointer, pointerType, clientX: 20 });
  fireEvent.pointerMove(handle(), { ...pointer, pointerType, clientX: 20 + (toX - 20) / 2 });
  fireEvent.pointerMove(handle(), { ...pointer, pointerType, clientX: toX });
}

describe('SliderVerify', () => {
  it('starts unverified with the hint and the handle at 0', () => {
    render(<SliderVerify />);
    expect(screen.getByText(t.hint)).toBeTruthy();
    expect(value()).toBe('0');
    expect(handle().getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows the pointer and verifies when dragged to the right end', () => {
    const onVerified = vi.fn();
    render(<SliderVerify onVerified={onVerified} />);
    fireEvent.pointerDown(handle(), { ...pointer, pointerType: 'mouse', clientX: 20 });
    fireEvent.pointerMove(handle(), { ...pointer, pointerType: 'mouse', clientX: 150 });
    expect(value()).toBe('50'); // 130 of 260 px
    expect(onVerified).not.toHaveBeenCalled();
    fireEvent.pointerMove(handle(), { ...pointer, pointerType: 'mouse', clientX: 500 }); // past the end: the end
    expect(value()).toBe('100');
    fireEvent.pointerUp(handle(), { ...pointer, pointerType: 'mouse', clientX: 500 });
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(screen.getByText(t.verified)).toBeTruthy();
    expect(handle().getAttribute('aria-valuetext')).toBe(t.verified);
    expect(handle().getAttribute('aria-disabled')).toBe('true');
    // verified stays verified: a further drag or key does nothing
    drag(20);
    fireEvent.pointerUp(handle(), pointer);
    fireEvent.keyDown(handle(), { key: 'Home' });
    expect(value()).toBe('100');
    expect(onVerified).toHaveBeenCalledTimes(1);
  });

  it('snaps back to 0 with the error when released short of the end, and clears the error on the next drag', () => {
    const onVerified = vi.fn();
    render(<SliderVerify onVerified={onVerified} />);
    drag(20 + 260 * 0.9); // 90 %
    expect(value()).toBe('90');
    fireEvent.pointerUp(handle(), pointer);
    expect(value()).toBe('0');
    expect(screen.getByRole('alert').textContent).toBe(t.failed);
    expect(handle().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(t.hint)).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
    fireEvent.pointerDown(handle(), { ...pointer, pointerType: 'mouse', clientX: 20 });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.pointerMove(handle(), { ...pointer, pointerType: 'mouse', clientX: 290 });
    fireEvent.pointerUp(handle(), pointer);
    expect(onVerified).toHaveBeenCalledTimes(1);
  });

  it('verifies with a touch drag that lifts within the tolerance of the end', () => {
    const onVerified = vi.fn();
    render(<SliderVerify onVerified={onVerified} />);
    drag(20 + 255, 'touch'); // 98.1 %: a finger lifting a few pixels early
    fireEvent.pointerUp(handle(), { ...pointer, pointerType: 'touch' });
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(value()).toBe('100');
  });

  it('snaps back with the error when the browser cancels a touch drag short of the end', () => {
    const onVerified = vi.fn();
    render(<SliderVerify onVerified={onVerified} />);
    drag(150, 'touch');
    fireEvent.pointerCancel(handle(), { ...pointer, pointerType: 'touch' });
    expect(value()).toBe('0');
    expect(screen.getByRole('alert').textContent).toBe(t.failed);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('fails a touch drag released at 97 %', () => {
    const onVerified = vi.fn();
    render(<SliderVerify onVerified={onVerified} />);
    drag(20 + 252, 'touch'); // 96.9 %
    fireEvent.pointerUp(handle(), { ...pointer, pointerType: 'touch' });
    expect(onVerified).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(t.failed);
  });

  it('ignores a right-button press', () => {
    render(<SliderVerify />);
    fireEvent.pointerDown(handle(), { ...pointer, pointerType: 'mouse', button: 2, clientX: 20 });
    fireEvent.pointerMove(handle(), { ...pointer, pointerType: 'mouse', clientX: 150 });
    expect(value()).toBe('0');
  });

  it('verifies with the End key', () => {
    const onVerified = vi.fn();
    render(<SliderVerify onVerified={onVerified} />);
    handle().focus();
    fireEvent.keyDown(handle(), { key: 'End' });
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(screen.getByText(t.verified)).toBeTruthy();
    expect(value()).toBe('100');
  });

  it('moves a tenth per ArrowRight and verifies on reaching the end', () => {
    const onVerified = vi.fn();
    render(<SliderVerify onVerified={onVerified} />);
    for (let i = 1; i <= 9; i++) {
      fireEvent.keyDown(handle(), { key: 'ArrowRight' });
      expect(value()).toBe(String(i * 10));
    }
    fireEvent.keyDown(handle(), { key: 'ArrowLeft' });
    expect(value()).toBe('80');
    expect(onVerified).not.toHaveBeenCalled();
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    expect(onVerified).toHaveBeenCalledTimes(1);
  });

  it('snaps a keyboard drag back with the error when focus leaves it short, or on Escape', () => {
    const onVerified = vi.fn();
    render(<SliderVerify onVerified={onVerified} />);
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    expect(value()).toBe('20');
    fireEvent.blur(handle());
    expect(value()).toBe('0');
    expect(screen.getByRole('alert').textContent).toBe(t.failed);
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(handle(), { key: 'Escape' });
    expect(value()).toBe('0');
    expect(screen.getByRole('alert')).toBeTruthy();
    // keys that would move left of the start start nothing
    fireEvent.keyDown(handle(), { key: 'Home' });
    fireEvent.blur(handle());
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
  });
});
