/**
 * 条件查询 (bills §2): the definition's search fields; 查询 applies them, 重置 clears them (after
 * 此操作将清空查询条件, 是否继续?) and reloads, 取消 leaves the applied conditions as they were.
 */
import { Button, Group, Modal, SimpleGrid, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState, type FormEvent } from 'react';
import type { FieldDef, SearchField } from '../../../../../domain/bills/types.ts';
import { billListText, billText } from '../../../../../domain/texts/bills.ts';
import { commonText } from '../../../../../domain/texts/web.ts';
import type { CodeNames } from '../../shared/code-names.ts';
import type { SearchValues } from '../search-terms.ts';
import { SearchFieldInput } from './SearchFieldInput.tsx';

export interface SearchDialogProps {
  opened: boolean;
  search: readonly SearchField[];
  fields: ReadonlyMap<string, FieldDef>;
  codeNames: CodeNames;
  /** the conditions in force (the draft starts from them each time the dialog opens) */
  values: SearchValues;
  onSearch: (values: SearchValues) => void;
  onReset: () => void;
  onClose: () => void;
}

export function SearchDialog({ opened, onClose, ...props }: SearchDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={billText.conditionQuery} size="lg">
      {/* mounted while open only: each opening starts a fresh draft from the applied values */}
      {opened && <SearchForm onClose={onClose} {...props} />}
    </Modal>
  );
}

function SearchForm({ search, fields, codeNames, values, onSearch, onReset, onClose }: Omit<SearchDialogProps, 'opened'>) {
  const [draft, setDraft] = useState<SearchValues>(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  const reset = () =>
    modals.openConfirmModal({
      title: commonText.prompt,
      children: <Text size="sm">{billText.confirmResetSearch}</Text>,
      labels: { confirm: commonText.confirm, cancel: commonText.cancel },
      onConfirm: () => {
        setDraft({});
        onReset();
      },
    });
  return (
    <form onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {search.map((s) => (
          <SearchFieldInput
            key={s.field}
            search={s}
            field={fields.get(s.field)}
            codeNames={codeNames}
            value={draft[s.field] ?? null}
            onChange={(value) => setDraft((d) => ({ ...d, [s.field]: value }))}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="default" onClick={reset}>{billListText.reset}</Button>
        <Button variant="default" onClick={onClose}>{commonText.cancel}</Button>
        <Button type="submit">{billListText.search}</Button>
      </Group>
    </form>
  );
}
