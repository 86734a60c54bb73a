/** 批量查询 (bills §2): Excel导入 of query values and 下载查询模板, each by its button code. */
import { Button, Menu } from '@mantine/core';
import { memo } from 'react';
import { billListText, billText } from '../../../../../domain/texts/bills.ts';

export interface BatchQueryMenuProps {
  onImport?: () => void;
  onTemplate?: () => void;
  disabled: boolean;
}

function BatchQueryMenuView({ onImport, onTemplate, disabled }: BatchQueryMenuProps) {
  if (!onImport && !onTemplate) return null;
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button size="xs" variant="default" disabled={disabled} rightSection={<span aria-hidden>▾</span>}>
          {billText.batchQuery}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {onImport && <Menu.Item onClick={onImport}>{billListText.excelImport}</Menu.Item>}
        {onTemplate && <Menu.Item onClick={onTemplate}>{billListText.downloadQueryTemplate}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}

export const BatchQueryMenu = memo(BatchQueryMenuView);
