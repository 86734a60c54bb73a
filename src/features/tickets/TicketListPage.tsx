/**
 * /workorder (§2 Work tickets): the company's tickets newest first, tabs by state with their counts,
 * 写工单, 查看 and 删除工单 (是否删除该记录; a ticket being processed cannot be deleted). Buttons
 * follow the page's codes (add, deleteWorkorder).
 */
import { Anchor, Badge, Button, Checkbox, Group, Modal, Pagination, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ticketAccepts } from '../../../domain/content/tickets.ts';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS } from '../../../domain/query.ts';
import { ticketText as t } from '../../../domain/texts/tickets.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { liveEvents, touchesTicket } from '../../lib/live-events.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { useButtonCodes } from '../../lib/permissions.ts';
import { createTicketApi, type StateCount, type TicketRow } from './api.ts';

const stateColor: Record<string, string> = { pending: 'orange', process: 'blue' };

export default function TicketListPage({ client }: { client?: Http }) {
  const [api] = useState(() => createTicketApi(client));
  const navigate = useNavigate();
  const codes = useButtonCodes('/workorder');
  const [state, setState] = useState<string>('all');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [data, setData] = useState<{ total: number; datas: TicketRow[] }>({ total: 0, datas: [] });
  const [counts, setCounts] = useState<StateCount[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState<number[] | null>(null);

  const latest = useLatest();
  const load = useCallback(async () => {
    try {
      const terms = state === 'all' ? [] : [{ column: 'state', termType: 'eq' as const, value: state }];
      const answer = await latest(Promise.all([api.list(page, pageSize, terms), api.stateCount()]));
      if (!answer) return;
      const [list, stateCounts] = answer.value;
      setData(list);
      setCounts(stateCounts);
      setSelected([]);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, state, page, pageSize]);
  useEffect(() => { void load(); }, [load]);
  // the service desk answered, took or closed one (issue 20): the states and counts follow
  useEffect(() => liveEvents.subscribe((event) => { if (touchesTicket(event)) void load(); }), [load]);

  const remove = async () => {
    const ids = deleting ?? [];
    setDeleting(null);
    try {
      await api.remove(ids);
      notifySuccess(t.deleted);
    } catch (error) {
      notifyError(error);
    }
    await load();
  };
  const all = counts.reduce((n, c) => n + c.count, 0);
  const deletable = data.datas.filter((r) => ticketAccepts(r.state, 'delete'));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Tabs value={state} onChange={(v) => { setState(v ?? 'all'); setPage(0); }}>
          <Tabs.List>
            <Tabs.Tab value="all">{t.all}（{all}）</Tabs.Tab>
            {counts.map((c) => <Tabs.Tab key={c.state} value={c.state}>{c.stateName}（{c.count}）</Tabs.Tab>)}
          </Tabs.List>
        </Tabs>
        <Group gap="xs">
          <PermissionButton code="add" permissionPath="/workorder" onClick={() => navigate('/workorder/edit')}>{t.add}</PermissionButton>
          <PermissionButton code="deleteWorkorder" permissionPath="/workorder" color="red" variant="light"
            onClick={() => (selected.length === 0 ? notifyWarning(t.selectRows) : setDeleting(selected))}>{t.delete}</PermissionButton>
        </Group>
      </Group>
      <Table striped withTableBorder aria-label={t.listTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label="全选" disabled={deletable.length === 0} checked={deletable.length > 0 && selected.length === deletable.length}
                onChange={(e) => setSelected(e.currentTarget.checked ? deletable.map((r) => r.id) : [])} />
            </Table.Th>
            <Table.Th>{t.ticketNum}</Table.Th><Table.Th>{t.ticketTitle}</Table.Th><Table.Th>{t.ticketType}</Table.Th>
            <Table.Th>{t.promoter}</Table.Th><Table.Th>{t.createTime}</Table.Th><Table.Th>{t.state}</Table.Th><Table.Th>{t.operation}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => {
            const canDelete = ticketAccepts(r.state, 'delete');
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {canDelete && <Checkbox aria-label={r.ticketNum} checked={selected.includes(r.id)}
                    onChange={(e) => {
                      // read the event now: the updater may run after currentTarget is gone
                      const checked = e.currentTarget.checked;
                      setSelected((s) => (checked ? [...s, r.id] : s.filter((id) => id !== r.id)));
                    }} />}
                </Table.Td>
                <Table.Td>{r.ticketNum}</Table.Td>
                <Table.Td>{r.ticketTitle}</Table.Td>
                <Table.Td>{r.ticketTypeName}</Table.Td>
                <Table.Td>{r.promoter}</Table.Td>
                <Table.Td>{r.createTime}</Table.Td>
                <Table.Td><Badge variant="light" color={stateColor[r.state] ?? 'gray'}>{r.stateName}</Badge></Table.Td>
                <Table.Td>
                  <Group gap="sm">
                    <Anchor component={Link} to={`/workorder/show/${r.id}`} size="sm" aria-label={`${t.view} ${r.ticketNum}`}>{t.view}</Anchor>
                    {canDelete && codes.has('deleteWorkorder') && (
                      <Anchor component="button" type="button" c="red" size="sm" onClick={() => setDeleting([r.id])}>{t.delete}</Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Text size="sm">{t.total(data.total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)} onChange={(v) => { setPage(0); setPageSize(Number(v ?? BILL_PAGE_SIZE)); }} />
        <Pagination total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={commonText.prompt} centered>
        <Text mb="md">{t.confirmDelete}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>{commonText.cancel}</Button>
          <Button color="red" onClick={remove}>{commonText.confirm}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
