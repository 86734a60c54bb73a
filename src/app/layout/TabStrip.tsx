/**
 * The opened pages as tabs; × closes one (not /home). The strip scrolls sideways, never wraps: the
 * active tab is always scrolled into view, arrows appear at both ends while tabs are hidden there,
 * and a menu closes the other tabs or all of them.
 */
import { ActionIcon, CloseButton, Menu, UnstyledButton } from '@mantine/core';
import { eventsText } from '../../../domain/texts/events.ts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { layoutText } from '../../../domain/texts/web.ts';
import { isClosable, type PageTab } from './tabs.ts';
import classes from './TabStrip.module.css';

export interface TabStripProps {
  tabs: readonly PageTab[];
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
  onCloseOthers?: () => void;
  onCloseAll?: () => void;
}

/** Room kept beside a tab scrolled into view, so its neighbour's edge shows there is more. */
const MARGIN = 24;

export function TabStrip({ tabs, activeKey, onSelect, onClose, onCloseOthers, onCloseAll }: TabStripProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setHidden((h) => (h.left === left && h.right === right ? h : { left, right }));
  }, []);

  // the active tab into view (instantly: no motion to wait for, none for who asked for less)
  useLayoutEffect(() => {
    const el = viewport.current;
    const tab = [...(el?.children ?? [])].find((c): c is HTMLElement => (c as HTMLElement).dataset.key === activeKey);
    if (el && tab) {
      const start = tab.offsetLeft - el.offsetLeft;
      const end = start + tab.offsetWidth;
      if (start < el.scrollLeft) el.scrollLeft = Math.max(0, start - MARGIN);
      else if (end > el.scrollLeft + el.clientWidth) el.scrollLeft = end - el.clientWidth + MARGIN;
    }
    measure();
  }, [activeKey, tabs, measure]);

  useEffect(() => {
    const el = viewport.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const scroll = (direction: -1 | 1) => {
    const el = viewport.current;
    if (!el) return;
    el.scrollLeft += direction * Math.max(120, el.clientWidth * 0.6);
    measure();
  };

  return (
    <div className={classes.strip}>
      {hidden.left && (
        <ActionIcon variant="subtle" size="md" aria-label={layoutText.scrollTabsLeft} onClick={() => scroll(-1)}>
          ‹
        </ActionIcon>
      )}
      <div ref={viewport} className={classes.viewport} role="tablist" aria-label={layoutText.openPages} onScroll={measure}>
        {tabs.map((tab) => {
          const active = tab.key === activeKey;
          return (
            <div key={tab.key} className={classes.tab} data-active={active || undefined} data-key={tab.key}>
              <UnstyledButton
                role="tab"
                aria-selected={active}
                className={classes.label}
                onClick={() => onSelect(tab.key)}
              >
                {tab.title}
                {tab.changed && <span className={classes.changed} role="img" aria-label={eventsText.tabChanged} title={eventsText.tabChanged} />}
              </UnstyledButton>
              {isClosable(tab.key, tabs[0]?.key) && (
                <CloseButton
                  size="xs"
                  aria-label={`${layoutText.closeTab} ${tab.title}`}
                  onClick={() => onClose(tab.key)}
                />
              )}
            </div>
          );
        })}
      </div>
      {hidden.right && (
        <ActionIcon variant="subtle" size="md" aria-label={layoutText.scrollTabsRight} onClick={() => scroll(1)}>
          ›
        </ActionIcon>
      )}
      {(onCloseOthers || onCloseAll) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size="md" aria-label={layoutText.tabMenu}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {onCloseOthers && <Menu.Item onClick={onCloseOthers}>{layoutText.closeOthers}</Menu.Item>}
            {onCloseAll && <Menu.Item onClick={onCloseAll}>{layoutText.closeAll}</Menu.Item>}
          </Menu.Dropdown>
        </Menu>
      )}
    </div>
  );
}
