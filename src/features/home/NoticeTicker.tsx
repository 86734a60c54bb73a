/**
 * The home page's 通知公告 scroller (§2 Home): one whole notice line at a time, the next one every
 * 4 s (paused while the pointer is on it). A continuous vertical marquee showed the bottom half of
 * one line and the top half of the next between stops; a window exactly one line high that steps by
 * whole lines never cuts one. Decorative (the list below carries the same titles): aria-hidden.
 */
import { Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ModuleIcon } from '../../components/ModuleIcon.tsx';

export const TICKER_STEP_MS = 4_000;
/** one line: the window and every line have exactly this height */
export const TICKER_LINE_PX = 24;

export function NoticeTicker({ titles }: { titles: string[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || titles.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % titles.length), TICKER_STEP_MS);
    return () => clearInterval(timer);
  }, [paused, titles.length]);
  const shown = index % Math.max(1, titles.length);
  return (
    <div data-testid="notice-ticker" aria-hidden="true" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}
      style={{ height: TICKER_LINE_PX, overflow: 'hidden', marginBottom: 'var(--mantine-spacing-sm)' }}>
      <div style={{ transform: `translateY(${-shown * TICKER_LINE_PX}px)`, transition: 'transform 400ms ease' }}>
        {titles.map((title, i) => (
          <Group key={i} gap={6} wrap="nowrap" c="orange.8" h={TICKER_LINE_PX} data-testid="notice-ticker-line">
            <ModuleIcon name="notice" size={16} />
            <Text size="sm" lh={`${TICKER_LINE_PX}px`} truncate="end" style={{ minWidth: 0 }}>{title}</Text>
          </Group>
        ))}
      </div>
    </div>
  );
}
