/**
 * The opened pages as tabs; × closes one (not /home). The strip scrolls sideways, never wraps: the
 * active tab is always scrolled into view, arrows appear at both ends while tabs are hidden there,
 * and a menu closes the other tabs or all of them and shows and sets the limit of open pages.
 * A tab's own menu (right click, or the context-menu key) pins or unpins it (issue 31).
 */
import { ActionIcon, CloseButton, Menu, UnstyledButton } from '@mantine/core';
import { eventsText } from '../../../domain/texts/events.ts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { layoutText } from '../../../domain/texts/web.ts';
import type { TabLimit } from './tab-limit.ts';
import { isClosable, type PageTab } from './tabs.ts';
import classes from './TabStrip.module.css';

export interface TabStripProps {
  tabs: readonly PageTab[];
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
  onCloseOthers?: () => void;
  onCloseAll?: () => void;
  onTogglePin?: (key: string) => void;
  /** the limit of open pages, shown in the menu, and its choices */
  limit?: { value: TabLimit; choices: readonly TabLimit[]; onChange: (limit: TabLimit) => void };
}

/** Room kept beside a tab scrolled into view, so its neighbour's edge shows there is more. */
const MARGIN = 24;

export function TabStrip({ tabs, activeKey, onSelect, onClose, onCloseOthers, onCloseAll, onTogglePin, limit }: TabStripProps) {
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
          const closable = isClosable(tab.key, tabs[0]?.key);
          const strip = (
            <div key={tab.key} className={classes.tab} data-active={active || undefined} data-pinned={tab.pinned || undefined} data-key={tab.key}>
              <UnstyledButton
                role="tab"
                aria-selected={active}
                className={classes.label}
                onClick={() => onSelect(tab.key)}
              >
                {tab.pinned && <PinMark />}
                {tab.title}
                {tab.changed && <span className={classes.changed} role="img" aria-label={eventsText.tabChanged} title={eventsText.tabChanged} />}
              </UnstyledButton>
              {closable && (
                <CloseButton
                  size="xs"
                  aria-label={`${layoutText.closeTab} ${tab.title}`}
                  onClick={() => onClose(tab.key)}
                />
              )}
            </div>
          );
          if (!closable || !onTogglePin) return strip;
          return (
            <Menu key={tab.key} position="bottom-start" withinPortal>
              <Menu.ContextMenu>{strip}</Menu.ContextMenu>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onTogglePin(tab.key)}>{tab.pinned ? layoutText.unpinTab : layoutText.pinTab}</Menu.Item>
                <Menu.Item onClick={() => onClose(tab.key)}>{layoutText.closeTab}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </div>
      {hidden.right && (
        <ActionIcon variant="subtle" size="md" aria-label={layoutText.scrollTabsRight} onClick={() => scroll(1)}>
          ›
        </ActionIcon>
      )}
      {(onCloseOthers || onCloseAll || limit) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size="md" aria-label={layoutText.tabMenu}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {onCloseOthers && <Menu.Item onClick={onCloseOthers}>{layoutText.closeOthers}</Menu.Item>}
            {onCloseAll && <Menu.Item onClick={onCloseAll}>{layoutText.closeAll}</Menu.Item>}
            {limit && (
              <>
                <Menu.Divider />
                <Menu.Label>{layoutText.tabLimit(limit.value)}</Menu.Label>
                <Menu.RadioGroup value={String(limit.value)} onChange={(v) => limit.onChange(limit.choices.find((c) => String(c) === v) ?? null)}>
                  {limit.choices.map((choice) => (
                    <Menu.RadioItem key={String(choice)} value={String(choice)} closeMenuOnClick>
                      {layoutText.tabLimitChoice(choice)}
                    </Menu.RadioItem>
                  ))}
                </Menu.RadioGroup>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </div>
  );
}

/** A small pushpin before a pinned tab's title. */
function PinMark() {
  return (
    <svg className={classes.pin} viewBox="0 0 16 16" width="12" height="12" role="img" aria-label={layoutText.pinned}>
      <title>{layoutText.pinned}</title>
      <path fill="currentColor" d="M9.8 1.2 14.8 6.2 13.4 6.9 10.9 9.4 10.6 12.6 9.5 13.7 6.6 10.8 2.6 14.8 1.2 14.8 1.2 13.4 5.2 9.4 2.3 6.5 3.4 5.4 6.6 5.1 9.1 2.6Z" />
    </svg>
  );
}
