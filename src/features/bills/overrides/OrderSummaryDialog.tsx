/**
 * 订单汇总 (bills §2 Detail screen, §5, §7, §9): an 800 px dialog over a stored 报关单 that lists the
 * company's export orders customs took (definition.pick; api.pickList), searched by order number and
 * enterprise name, 10 a page with sizes 10–400 (pageIndex sent 0-based), multi-select; 确定 sends
 * the chosen ids (api.pickSave {headId, orderIds, startTime, endTime}) and the page reloads the bill.
 * Nothing chosen → 请选择订单数据！.
 */
import { Button, Checkbox, Group, Modal, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { billText } from '../../../../domain/texts/bills.ts';
import { pickText as t } from '../../../../domain/texts/pick-lines.ts';
import type { Term } from '../../../../domain/query.ts';
import { useLatest } from '../../../lib/latest.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import type { DetailDialogProps } from './detail-overrides.ts';

/** bills §9: page size 10, options 10, 20, 50, 100, 200, 300, 400 */
export const ORDER_PAGE_SIZES = [10, 20, 50, 100, 200, 300, 400] as const;

type Row = Record<string, unknown> & { id: number };

export function OrderSummaryDialog({ definition, bill, client, onDone, onClose }: DetailDialogProps) {
  const pick = definition.pick;
  const listPath = `/api/enterprise${definition.api.pickList ?? ''}`;
  const savePath = `/api/enterprise${definition.api.pickSave ?? ''}`;
  const [orderNo, setOrderNo] = useState('');
  const [ebcName, setEbcName] = useState('');
  const [terms, setTerms] = useState<Term[]>([]);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(ORDER_PAGE_SIZES[0]);
  const [data, setData] = useState<{ total: number; datas: Row[] }>({ total: 0, datas: [] });
  const [selected, setSelected] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  const created = bill.startTime && bill.endTime ? [{ column: 'create_time', termType: 'btw' as const, value: [bill.startTime, bill.endTime] }] : [];
  const latest = useLatest();
  const load = useCallback(async () => {
    try {
      const answer = await latest(client.post<{ total: number; datas: Row[] }>(listPath, { pageIndex: page, pageSize: size, sorts: [{ name: 'create_time', order: 'desc' }], terms: [...terms, ...created] }));
      if (answer) setData(answer.value);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, client, listPath, page, size, terms, bill.startTime, bill.endTime]);
  useEffect(() => { void load(); }, [load]);

  const search = () => {
    const next: Term[] = [];
    if (orderNo.trim()) next.push({ column: 'order_no', termType: 'like', value: orderNo.trim() });
    if (ebcName.trim()) next.push({ column: 'ebc_name', termType: 'like', value: ebcName.trim() });
    setTerms(next);
    setPage(0);
  };
  const confirm = async () => {
    if (selected.length === 0) {
      notifyWarning(billText.selectOrders);
      return;
    }
    setSaving(true);
    try {
      const answer = await client.post<{ added: number }>(savePath, {
        headId: bill.id, [pick?.idsField ?? 'orderIds']: selected, startTime: bill.startTime, endTime: bill.endTime,
      });
      notifySuccess(t.added(answer?.added ?? selected.length));
      onDone();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  const ids = data.datas.map((r) => r.id);
  const columns = pick?.columns ?? ['orderNo', 'createTime', 'ebcName', 'stateName'];
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));

  return (
    <Modal opened onClose={onClose} title={t.title} size={800} centered>
      <Stack gap="sm">
        <Group gap="xs" component="form" onSubmit={(e) => { e.preventDefault(); search(); }}>
          <TextInput aria-label={t.orderNo} placeholder={t.orderNo} value={orderNo} onChange={(e) => setOrderNo(e.currentTarget.value)} />
          <TextInput aria-label={t.ebcName} placeholder={t.ebcName} value={ebcName} onChange={(e) => setEbcName(e.currentTarget.value)} />
          <Button type="submit">{t.search}</Button>
          <Button variant="default" onClick={() => { setOrderNo(''); setEbcName(''); setTerms([]); setPage(0); }}>{t.reset}</Button>
        </Group>
        <Table striped withTableBorder aria-label={t.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox aria-label={t.selectAll} disabled={ids.length === 0} checked={ids.length > 0 && ids.every((id) => selected.includes(id))}
                  onChange={(e) => setSelected((s) => (e.currentTarget.checked ? [...new Set([...s, ...ids])] : s.filter((id) => !ids.includes(id))))} />
              </Table.Th>
              {columns.map((c) => <Table.Th key={c}>{t.columns[c] ?? c}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.datas.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Checkbox aria-label={t.selectRow(String(r.orderNo ?? r.id))} checked={selected.includes(r.id)} onChange={(e) => toggle(r.id, e.currentTarget.checked)} />
                </Table.Td>
                {columns.map((c) => <Table.Td key={c}>{String(r[c] ?? '')}</Table.Td>)}
              </Table.Tr>
            ))}
            {data.datas.length === 0 && (
              <Table.Tr><Table.Td colSpan={columns.length + 1}><Text c="dimmed" ta="center" size="sm">{t.empty}</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text size="sm">{t.selected(selected.length)}</Text>
          <Group gap="xs">
            <Text size="sm">{t.total(data.total)}</Text>
            <Select aria-label={t.pageSize(size)} w={110} value={String(size)} allowDeselect={false}
              data={ORDER_PAGE_SIZES.map((n) => ({ value: String(n), label: t.pageSize(n) }))}
              onChange={(v) => { setSize(Number(v ?? ORDER_PAGE_SIZES[0])); setPage(0); }} />
            <Pagination size="sm" total={Math.max(1, Math.ceil(data.total / size))} value={page + 1} onChange={(p) => setPage(p - 1)} />
          </Group>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t.cancel}</Button>
          <Button loading={saving} onClick={() => void confirm()}>{t.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
