/** The news pages' pager (§2): total, previous, page numbers, next and a jumper (前往 N 页). */
import { Group, NumberInput, Pagination, Text } from '@mantine/core';
import { useState } from 'react';
import { contentText as t } from '../../../domain/texts/content.ts';

export function Pager({ total, pageSize, page, onChange }: { total: number; pageSize: number; page: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [jump, setJump] = useState<string | number>('');
  const go = () => {
    const n = Number(jump);
    if (Number.isInteger(n) && n >= 1) onChange(Math.min(n, pages));
    setJump('');
  };
  return (
    <Group justify="flex-end" gap="sm" aria-label="分页">
      <Text size="sm">{t.total(total)}</Text>
      <Pagination total={pages} value={page} onChange={onChange} withEdges={false} getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t.prev : control === 'next' ? t.next : undefined })} />
      <Group gap={4}>
        <Text size="sm">{t.jumpTo}</Text>
        <NumberInput aria-label={t.jumpTo} w={64} size="xs" min={1} max={pages} hideControls value={jump} onChange={setJump}
          onKeyDown={(e) => { if (e.key === 'Enter') go(); }} onBlur={() => { if (jump !== '') go(); }} />
        <Text size="sm">{t.page}</Text>
      </Group>
    </Group>
  );
}
