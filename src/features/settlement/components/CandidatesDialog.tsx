/**
 * 添加清单: the company's released inventories not yet in a settlement, filtered by one trade mode
 * (9610 or 1210, single choice, §3) and the creation window (last 30 days by default, §9). 添加
 * submits the selected ones to the detail page's actor, whose check (请选择需要添加的清单 when none
 * is) and the server's refusal come back as `problem`; the dialog stays open with the selection.
 */
import { Alert, Button, Checkbox, Group, Modal, Pagination, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useCallback, useEffect, useState } from 'react';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, lastDaysWindow, rangeEnd, rangeStart, type Term } from '../../../../domain/query.ts';
import { settlementTradeModeOptions, type BillType } from '../../../../domain/settlement/states.ts';
import { settlementText as t } from '../../../../domain/texts/settlement.ts';
import { commonText } from '../../../../domain/texts/web.ts';
import { useLatest } from '../../../lib/latest.ts';
import { notifyError } from '../../../lib/notify.ts';
import type { Candidate, Page, SettlementApi } from '../api.ts';

type Range = [string | null, string | null];

export function CandidatesDialog({ opened, api, billType, problem, busy, onClose, onSubmit }: {
  opened: boolean; api: SettlementApi; billType: BillType; problem: string | null; busy: boolean; onClose: () => void;
  onSubmit: (ids: number[], window: [string, string]) => void;
}) {
  const [tradeMode, setTradeMode] = useState<string>(settlementTradeModeOptions[0].value);
  const [range, setRange] = useState<Range>(() => { const [a, b] = lastDaysWindow(new Date(), 30); return [a.slice(0, 10), b.slice(0, 10)]; });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [data, setData] = useState<Page<Candidate>>({ total: 0, datas: [] });
  const [selected, setSelected] = useState<number[]>([]);
  const window = useCallback((): [string, string] => [range[0] ? rangeStart(range[0]) : '', range[1] ? rangeEnd(range[1]) : ''], [range]);

  const latest = useLatest();
  const load = useCallback(async () => {
    const terms: Term[] = [{ column: 'trade_mode', termType: 'eq', type: 'and', value: tradeMode }];
    const [start, end] = window();
    if (start && end) terms.push({ column: 'create_time', termType: 'btw', type: 'and', value: [start, end] });
    try {
      const answer = await latest(api.candidates(billType, page, pageSize, terms));
      if (!answer) return;
      setData(answer.value);
      setSelected([]);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, billType, page, pageSize, tradeMode, window]);
  useEffect(() => { if (opened) void load(); }, [opened, load]);

  const c = t.lineColumns;
  return (
    <Modal opened={opened} onClose={onClose} title={t.candidatesTitle} size="90%" centered>
      <Stack>
        <Group align="flex-end">
          <SegmentedControl aria-label={t.tradeMode} data={settlementTradeModeOptions.map((o) => ({ value: o.value, label: o.label }))} value={tradeMode}
            onChange={(v) => { setPage(0); setTradeMode(v); }} />
          <DatePickerInput type="range" label={t.createTime} valueFormat="YYYY-MM-DD" value={range} w={240}
            onChange={(v) => { const r = v as Range; setRange(r); if (r[0] && r[1]) setPage(0); }} />
        </Group>
        <Table striped withTableBorder aria-label={t.candidatesTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}><Checkbox aria-label="全选" checked={data.datas.length > 0 && selected.length === data.datas.length}
                onChange={(e) => setSelected(e.currentTarget.checked ? data.datas.map((r) => r.id) : [])} /></Table.Th>
              {[c.invtNo, c.copNo, c.orderNo, c.logisticsNo, c.ebcName, c.tradeMode, c.currency, c.amount, c.ieDate, c.createTime].map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.datas.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td><Checkbox aria-label={r.invtNo ?? String(r.id)} checked={selected.includes(r.id)}
                  onChange={(e) => { const on = e.currentTarget.checked; setSelected((s) => (on ? [...s, r.id] : s.filter((x) => x !== r.id))); }} /></Table.Td>
                <Table.Td>{r.invtNo}</Table.Td><Table.Td>{r.copNo}</Table.Td><Table.Td>{r.orderNo}</Table.Td><Table.Td>{r.logisticsNo}</Table.Td>
                <Table.Td>{r.ebcName}</Table.Td><Table.Td>{r.tradeMode}</Table.Td><Table.Td>{r.currencyName}</Table.Td><Table.Td ta="right">{r.amount}</Table.Td>
                <Table.Td>{r.ieDate}</Table.Td><Table.Td>{r.createTime}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {problem && <Alert color="red" py="xs">{problem}</Alert>}
        <Group justify="space-between">
          <Group gap="xs">
            <Text size="sm">{t.total(data.total)}</Text>
            <Select w={90} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)}
              onChange={(v) => { setPage(0); setPageSize(Number(v ?? BILL_PAGE_SIZE)); }} />
            <Pagination size="sm" total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => setPage(p - 1)} />
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>{commonText.cancel}</Button>
            <Button loading={busy} onClick={() => onSubmit(selected, window())}>{t.add}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
