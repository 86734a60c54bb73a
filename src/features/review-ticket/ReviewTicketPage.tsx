/**
 * /review/ticket 工单处理 (issue 20): every company's tickets, the open ones first; tabs by state,
 * filters by company and submission date; 处理 opens the ticket with its conversation beside the
 * list (TicketPanel), where the desk takes, answers and closes it.
 */
import { Anchor, Badge, Button, Drawer, Group, Loader, Center, Pagination, Select, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useCallback, useEffect, useState } from 'react';
import { TICKET_STATES } from '../../../domain/content/tickets.ts';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS } from '../../../domain/query.ts';
import { reviewTicketText as t } from '../../../domain/texts/review-ticket.ts';
import { ticketStateNames, ticketText } from '../../../domain/texts/tickets.ts';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { liveEvents, touchesQueue } from '../../lib/live-events.ts';
import { notifyError } from '../../lib/notify.ts';
import { createReviewTicketApi, type DeskTicket, type DeskTicketFilter, type DeskTicketRow } from './api.ts';
import { TicketPanel } from './TicketPanel.tsx';

const stateColor: Record<string, string> = { pending: 'orange', process: 'blue' };

export default function ReviewTicketPage({ client }: { client?: Http }) {
  const [api] = useState(() => createReviewTicketApi(client));
  const [state, setState] = useState('all');
  const [draft, setDraft] = useState({ companyName: '', dateFrom: '', dateTo: '' });
  const [filter, setFilter] = useState<DeskTicketFilter>({});
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [data, setData] = useState<{ total: number; datas: DeskTicketRow[] }>({ total: 0, datas: [] });
  const [openId, setOpenId] = useState<number | null>(null);
  const [ticket, setTicket] = useState<DeskTicket | null>(null);

  const latest = useLatest();
  const load = useCallback(async () => {
    try {
      const answer = await latest(api.list(page, pageSize, { ...filter, ...(state === 'all' ? {} : { state }) }));
      if (answer) setData(answer.value);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, page, pageSize, filter, state]);
  useEffect(() => { void load(); }, [load]);
  // a company wrote a ticket, another operator answered one (the operators' live queue, issue 20)
  useEffect(() => liveEvents.subscribe((event) => { if (touchesQueue(event, 'ticket')) void load(); }), [load]);

  const loadTicket = useCallback(async (id: number) => {
    try { setTicket(await api.detail(id)); } catch (error) { notifyError(error); setOpenId(null); }
  }, [api]);
  useEffect(() => { setTicket(null); if (openId !== null) void loadTicket(openId); }, [openId, loadTicket]);

  const search = () => {
    const f: DeskTicketFilter = {};
    if (draft.companyName.trim()) f.companyName = draft.companyName.trim();
    if (draft.dateFrom) f.dateFrom = draft.dateFrom;
    if (draft.dateTo) f.dateTo = draft.dateTo;
    setFilter(f);
    setPage(0);
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput label={t.company} value={draft.companyName} onChange={(e) => setDraft({ ...draft, companyName: e.currentTarget.value })} w={220} />
        {/* Mantine's picker: a native date field shows the browser's format (mm/dd/yyyy, issue 31) */}
        <DateInput label={`${t.dateRange}（起）`} valueFormat="YYYY-MM-DD" clearable value={draft.dateFrom || null} onChange={(v) => setDraft({ ...draft, dateFrom: v ?? '' })} w={170} />
        <DateInput label={`${t.dateRange}（止）`} valueFormat="YYYY-MM-DD" clearable value={draft.dateTo || null} onChange={(v) => setDraft({ ...draft, dateTo: v ?? '' })} w={170} />
        <Button onClick={search}>{t.search}</Button>
        <Button variant="default" onClick={() => { setDraft({ companyName: '', dateFrom: '', dateTo: '' }); setFilter({}); setPage(0); }}>{t.reset}</Button>
      </Group>
      <Tabs value={state} onChange={(v) => { setState(v ?? 'all'); setPage(0); }}>
        <Tabs.List>
          <Tabs.Tab value="all">{t.all}</Tabs.Tab>
          {TICKET_STATES.map((s) => <Tabs.Tab key={s} value={s}>{ticketStateNames[s]}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      <Table striped withTableBorder aria-label={t.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{ticketText.ticketNum}</Table.Th><Table.Th>{t.company}</Table.Th><Table.Th>{ticketText.ticketTitle}</Table.Th>
            <Table.Th>{ticketText.ticketType}</Table.Th><Table.Th>{ticketText.promoter}</Table.Th><Table.Th>{ticketText.createTime}</Table.Th>
            <Table.Th>{t.state}</Table.Th><Table.Th>{ticketText.operation}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.length === 0 && <Table.Tr><Table.Td colSpan={8}><Text size="sm" c="dimmed" ta="center">{t.empty}</Text></Table.Td></Table.Tr>}
          {data.datas.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.ticketNum}</Table.Td>
              <Table.Td>{r.companyName}</Table.Td>
              <Table.Td>{r.ticketTitle}</Table.Td>
              <Table.Td>{r.ticketTypeName}</Table.Td>
              <Table.Td>{r.promoter}</Table.Td>
              <Table.Td>{r.createTime}</Table.Td>
              <Table.Td><Badge variant="light" color={stateColor[r.state] ?? 'gray'}>{r.stateName}</Badge></Table.Td>
              <Table.Td><Anchor component="button" type="button" size="sm" onClick={() => setOpenId(r.id)} aria-label={`${t.view} ${r.ticketNum}`}>{t.view}</Anchor></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Text size="sm">{ticketText.total(data.total)}</Text>
        <Select w={100} size="xs" aria-label={ticketText.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)} onChange={(v) => { setPage(0); setPageSize(Number(v ?? BILL_PAGE_SIZE)); }} />
        <Pagination total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="xl" title={t.detailTitle}>
        {!ticket ? <Center py="xl"><Loader /></Center> : (
          <TicketPanel api={api} ticket={ticket} onChanged={async () => { await loadTicket(ticket.id); await load(); }} />
        )}
      </Drawer>
    </Stack>
  );
}
