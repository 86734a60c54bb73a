/**
 * The module tree of the grant dialogs (issue 17): the menu's groups and pages (domain/grants.ts
 * grantTree), a page's checkbox and its button codes' checkboxes, 全选 per group. The value is the
 * list of grants [{moduleId, code}], code '' for the page itself; a ticked button ticks its page,
 * an unticked page unticks its buttons (the server normalizes the same way).
 */
import { Checkbox, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { grantTree, PAGE_GRANT, type GrantPair, type GrantTreeNode } from '../../domain/grants.ts';
import { grantText as t } from '../../domain/texts/api-keys.ts';

const TREE = grantTree();
const keyOf = (moduleId: number, code: string) => `${moduleId}:${code}`;

/** Every pair of a node and the pages under it. */
function pairsOf(node: GrantTreeNode): GrantPair[] {
  const own = node.uri ? [{ moduleId: node.id, code: PAGE_GRANT }, ...node.buttons.map((b) => ({ moduleId: node.id, code: b.code }))] : [];
  return [...own, ...node.children.flatMap(pairsOf)];
}

export interface GrantTreePickerProps {
  value: GrantPair[];
  onChange(value: GrantPair[]): void;
}

// memo: the tree is hundreds of checkboxes; typing in the dialog's other fields must not redraw it
export const GrantTreePicker = memo(function GrantTreePicker({ value, onChange }: GrantTreePickerProps) {
  const held = new Set(value.map((g) => keyOf(g.moduleId, g.code)));
  const set = (pairs: GrantPair[], on: boolean) => {
    const next = new Map(value.map((g) => [keyOf(g.moduleId, g.code), g]));
    for (const p of pairs) {
      if (on) next.set(keyOf(p.moduleId, p.code), p);
      else next.delete(keyOf(p.moduleId, p.code));
    }
    onChange([...next.values()]);
  };

  function Page({ node, depth }: { node: GrantTreeNode; depth: number }) {
    const pageOn = held.has(keyOf(node.id, PAGE_GRANT));
    return (
      <Stack gap={4} pl={depth * 16}>
        <Checkbox label={`${node.name}（${t.page}）`} aria-label={node.name} checked={pageOn}
          onChange={(e) => set(e.currentTarget.checked ? [{ moduleId: node.id, code: PAGE_GRANT }] : pairsOf(node), e.currentTarget.checked)} />
        {node.buttons.length > 0 && (
          <Group gap="md" pl={24}>
            {node.buttons.map((b) => (
              <Checkbox key={b.code} size="xs" label={b.name} aria-label={`${node.name} ${b.name}`} checked={held.has(keyOf(node.id, b.code))}
                onChange={(e) => set(e.currentTarget.checked
                  ? [{ moduleId: node.id, code: PAGE_GRANT }, { moduleId: node.id, code: b.code }]
                  : [{ moduleId: node.id, code: b.code }], e.currentTarget.checked)} />
            ))}
          </Group>
        )}
        {node.children.map((c) => <Page key={c.id} node={c} depth={depth + 1} />)}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {TREE.map((group) => {
        const all = pairsOf(group);
        const on = all.filter((p) => held.has(keyOf(p.moduleId, p.code))).length;
        return (
          <Paper key={group.id} withBorder p="sm">
            <Group justify="space-between">
              <Text fw={600}>{group.name}</Text>
              <Checkbox label={t.selectAll} aria-label={`${group.name} ${t.selectAll}`} checked={on === all.length && all.length > 0}
                indeterminate={on > 0 && on < all.length} onChange={(e) => set(all, e.currentTarget.checked)} />
            </Group>
            <Divider my="xs" />
            {group.uri ? <Page node={group} depth={0} /> : <Stack gap="xs">{group.children.map((c) => <Page key={c.id} node={c} depth={0} />)}</Stack>}
          </Paper>
        );
      })}
    </Stack>
  );
});
