/** The opened pages as tabs; × closes one (not /home). */
import { CloseButton, Group, ScrollArea, UnstyledButton } from '@mantine/core';
import { eventsText } from '../../../domain/texts/events.ts';
import { layoutText } from '../../../domain/texts/web.ts';
import { isClosable, type PageTab } from './tabs.ts';
import classes from './TabStrip.module.css';

export interface TabStripProps {
  tabs: readonly PageTab[];
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
}

export function TabStrip({ tabs, activeKey, onSelect, onClose }: TabStripProps) {
  return (
    <ScrollArea type="never" className={classes.strip}>
      <Group gap={4} wrap="nowrap" role="tablist" px="xs">
        {tabs.map((tab) => {
          const active = tab.key === activeKey;
          return (
            <div key={tab.key} className={classes.tab} data-active={active || undefined}>
              <UnstyledButton
                role="tab"
                aria-selected={active}
                className={classes.label}
                onClick={() => onSelect(tab.key)}
              >
                {tab.title}
                {tab.changed && <span className={classes.changed} role="img" aria-label={eventsText.tabChanged} title={eventsText.tabChanged} />}
              </UnstyledButton>
              {isClosable(tab.key) && (
                <CloseButton
                  size="xs"
                  aria-label={`${layoutText.closeTab} ${tab.title}`}
                  onClick={() => onClose(tab.key)}
                />
              )}
            </div>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
