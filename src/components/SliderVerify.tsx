/**
 * The slider verification widget (accounts-and-enterprise.md §4), driven by
 * machines/slider-verify.ts: drag the handle to the right end to verify; released short, it snaps
 * back and shows 验证失败，请重试.
 *
 * Input: pointer events cover mouse, touch and pen alike (touch-action: none keeps a touch drag
 * from scrolling the page; pointer capture keeps the drag when the pointer leaves the handle). The
 * handle is a focusable role="slider": ArrowRight/ArrowUp move it a tenth, End to the end,
 * ArrowLeft/ArrowDown/Home back. Reaching the end with the keyboard lets go there (verified); a
 * keyboard drag left short is let go on Escape or when focus leaves the handle (snaps back, error).
 *
 * onVerified is called once each time it verifies. To ask again (e.g. after a refused submit), call
 * reset() on the ref: back to unverified, handle at the start, no error.
 */
import { Box, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { sliderVerifyText as t } from '../../domain/texts/slider-verify.ts';
import { clampPosition, sliderVerifyMachine, VERIFY_AT } from '../../machines/slider-verify.ts';

const HANDLE = 40;
const HEIGHT = 36;
const KEY_STEP = 0.1;

interface Drag {
  source: 'pointer' | 'keyboard';
  /** pointer drags: where the pointer went down and where the handle was then */
  startX: number;
  from: number;
}

export interface SliderVerifyHandle {
  reset: () => void;
}

export interface SliderVerifyProps {
  onVerified?: () => void;
  ref?: Ref<SliderVerifyHandle>;
}

export function SliderVerify({ onVerified, ref }: SliderVerifyProps) {
  const notify = useRef(onVerified);
  useEffect(() => {
    notify.current = onVerified;
  });
  const [machine] = useState(() => sliderVerifyMachine.provide({ actions: { verified: () => notify.current?.() } }));
  const [snapshot, send, actor] = useMachine(machine);
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const errorId = useId();
  useImperativeHandle(ref, () => ({
    reset: () => {
      drag.current = null;
      send({ type: 'slider.reset' });
    },
  }), [send]);

  const verified = snapshot.matches('verified');
  const dragging = snapshot.matches({ unverified: 'dragging' });
  const { position, failed } = snapshot.context;
  const percent = Math.round(position * 100);

  const start = (d: Drag) => {
    drag.current = d;
    send({ type: 'drag.start' });
  };
  const release = () => {
    drag.current = null;
    send({ type: 'drag.release' });
  };
  const isDragging = (source: Drag['source']) => actor.getSnapshot().matches({ unverified: 'dragging' }) && drag.current?.source === source;

  const pointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (verified || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault(); // no text selection while dragging
    e.currentTarget.setPointerCapture?.(e.pointerId);
    start({ source: 'pointer', startX: e.clientX, from: actor.getSnapshot().context.position });
  };
  const pointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !isDragging('pointer')) return;
    // the handle travels the track's width less its own
    const travel = (track.current?.getBoundingClientRect().width ?? 0) - HANDLE;
    if (travel <= 0) return;
    send({ type: 'drag.move', position: d.from + (e.clientX - d.startX) / travel });
  };
  const pointerUp = () => {
    if (isDragging('pointer')) release();
  };

  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (verified) return;
    const now = actor.getSnapshot().context.position;
    const target: Record<string, number> = { ArrowRight: now + KEY_STEP, ArrowUp: now + KEY_STEP, End: 1, ArrowLeft: now - KEY_STEP, ArrowDown: now - KEY_STEP, Home: 0 };
    if (e.key === 'Escape') {
      if (isDragging('keyboard')) release();
      return;
    }
    const next = target[e.key];
    if (next === undefined) return;
    e.preventDefault();
    if (!actor.getSnapshot().matches({ unverified: 'dragging' })) {
      if (next <= now) return; // nothing to drag back from the start
      start({ source: 'keyboard', startX: 0, from: now });
    }
    send({ type: 'drag.move', position: next });
    if (clampPosition(next) >= VERIFY_AT) release();
  };
  const blur = () => {
    if (isDragging('keyboard')) release();
  };

  // the handle's left edge: 0 … track width less the handle
  const left = `calc((100% - ${HANDLE}px) * ${position})`;
  const motion = dragging ? 'none' : 'left 0.3s ease, width 0.3s ease';
  return (
    <Stack gap={4}>
      <Box
        ref={track}
        pos="relative"
        h={HEIGHT}
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-gray-4)',
          background: 'var(--mantine-color-gray-1)',
          overflow: 'hidden',
          userSelect: 'none',
        }}
      >
        <Box
          pos="absolute"
          top={0}
          left={0}
          h="100%"
          aria-hidden
          style={{
            width: `calc(${left} + ${HANDLE / 2}px)`,
            background: verified ? 'var(--mantine-color-green-5)' : 'var(--mantine-color-blue-1)',
            transition: motion,
          }}
        />
        <Text
          pos="absolute"
          inset={0}
          ta="center"
          size="sm"
          lh={`${HEIGHT - 2}px`}
          c={verified ? 'white' : 'dimmed'}
          aria-live="polite"
          style={{ pointerEvents: 'none' }}
        >
          {verified ? t.verified : t.hint}
        </Text>
        <Box
          role="slider"
          tabIndex={0}
          aria-label={t.handle}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={verified ? t.verified : t.progress(percent)}
          aria-disabled={verified || undefined}
          aria-invalid={failed || undefined}
          aria-describedby={failed ? errorId : undefined}
          pos="absolute"
          top={0}
          h="100%"
          w={HANDLE}
          onPointerDown={pointerDown}
          onPointerMove={pointerMove}
          onPointerUp={pointerUp}
          onPointerCancel={pointerUp}
          onKeyDown={keyDown}
          onBlur={blur}
          style={{
            left,
            transition: motion,
            touchAction: 'none',
            cursor: verified ? 'default' : dragging ? 'grabbing' : 'grab',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'var(--mantine-color-white)',
            borderRight: '1px solid var(--mantine-color-gray-4)',
            borderLeft: '1px solid var(--mantine-color-gray-4)',
            color: verified ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-6)',
          }}
        >
          <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
            <path d={verified ? 'M5 12l5 5 9-10' : 'M6 6l6 6-6 6M13 6l6 6-6 6'} />
          </svg>
        </Box>
      </Box>
      {failed && (
        <Text id={errorId} size="xs" c="red" role="alert">
          {t.failed}
        </Text>
      )}
    </Stack>
  );
}
