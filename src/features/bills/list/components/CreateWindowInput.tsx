/**
 * The create_time window (bills §9), always in view and editable: a new range reloads the list
 * (and the counts) once both ends are chosen.
 */
import { Group, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { memo, useState } from 'react';
import type { TimeWindow } from '../../../../../domain/query.ts';
import { billServerText } from '../../../../../domain/texts/bills.ts';
import { daysWindow, windowDays, type DateRange } from '../search-terms.ts';

export interface CreateWindowInputProps {
  window: TimeWindow;
  onChange: (window: TimeWindow) => void;
}

const label = billServerText.columnLabels.createTime ?? 'createTime';

function CreateWindowInputView({ window, onChange }: CreateWindowInputProps) {
  // a half-picked range lives here until its second day is chosen
  const [picking, setPicking] = useState<DateRange | null>(null);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <DatePickerInput
        type="range"
        size="xs"
        w={196}
        aria-label={label}
        valueFormat="YYYY-MM-DD"
        value={picking ?? windowDays(window)}
        onChange={(range) => {
          const next = daysWindow(range as DateRange);
          setPicking(next ? null : (range as DateRange));
          if (next) onChange(next);
        }}
        onDropdownClose={() => setPicking(null)}
      />
    </Group>
  );
}

export const CreateWindowInput = memo(CreateWindowInputView);
