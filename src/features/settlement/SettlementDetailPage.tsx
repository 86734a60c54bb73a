/**
 * /exchangeSettlement/applicationDetail?params={type, billType, id} (accounts §2, §4): a settlement's
 * head (with specDeclFlag as seven checkboxes) and its inventory lines. In edit mode — only while
 * the settlement is 待生成 (machines/settlement.ts) — lines are added from the company's released
 * inventories and removed; a new settlement (id null) is created by its first 添加清单.
 */
import { Alert, Badge, Button, Card, Checkbox, Group, Pagination, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { checkedFlags, EMPTY_SPEC_DECL_FLAG, flagOf, specDeclFlags } from '../../../domain/settlement/spec-decl-flag.ts';
import { businessTypeNames, IE_TYPES } from '../../../domain/settlement/states.ts';
import { settlementText as t } from '../../../domain/texts/settlement.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { settlementHasTag } from '../../../machines/settlement.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { createSettlementApi, detailPath, readDetailParams, type Page, type SettlementLine, type SettlementRecord } from './api.ts';
import { CandidatesDialog } from './components/CandidatesDialog.tsx';

const PAGE = '/exchangeSettlement/applicationDetail';
const LINE_PAGE = 50;

export default function SettlementDetailPage({ client }: { client?: Http }) {
  const [api] = useState(() => createSettlementApi(client));
  const location = useLocation();
  const navigate = useNavigate();
  const params = readDetailParams(location.search);
  const [head, setHead] = useState<SettlementRecord | null>(null);
  const [lines, setLines] = useState<Page<SettlementLine>>({ total: 0, datas: [] });
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [flags, setFlags] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const id = params?.id ?? null;
  const billType = params?.billType ?? 'export';
  // edit mode needs both the address's word and a state that allows it
  const editable = params?.type === 'edit' && (id === null || (head !== null && settlementHasTag(head.state, 'editable')));

  const latest = useLatest();
  const load = useCallback(async () => {
    if (id === null) return;
    try {
      const answer = await latest(Promise.all([api.head(billType, id), api.lines(billType, id, page, LINE_PAGE)]));
      if (!answer) return;
      const [h, l] = answer.value;
      setHead(h);
      setFlags(checkedFlags(h.specDeclFlag));
      setLines(l);
      setSelected([]);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, billType, id, page]);
  useEffect(() => { void load(); }, [load]);

  if (!params) return <Alert color="red">{t.badParams}</Alert>;

  const add = async (ids: number[], [start, end]: [string, string]) => {
    try {
      const res = await api.add(billType, ids, id, start, end);
      notifySuccess(t.ok);
      if (id === null) navigate(detailPath({ type: 'edit', billType, id: res.headId }), { replace: true });
      else await load();
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
  const removeLines = () => {
    if (selected.length === 0) { notifyWarning(t.selectDeleteInventory); return; }
    modals.openConfirmModal({
      title: commonText.prompt, children: <Text size="sm">{t.confirmDelete}</Text>, labels: { confirm: commonText.confirm, cancel: commonText.cancel },
      onConfirm: async () => {
        try { await api.deleteLines(billType, selected); notifySuccess(t.deleted); } catch (error) { notifyError(error); }
        await load();
      },
    });
  };
  const saveHead = async () => {
    if (id === null) return;
    try { setHead(await api.saveHead(id, flagOf(flags))); notifySuccess(t.saved); } catch (error) { notifyError(error); }
  };
  const f = t.headFields;
  const c = t.lineColumns;
  const field = (label: string, value: unknown) => (
    <div><Text size="xs" c="dimmed">{label}</Text><Text size="sm">{value === null || value === undefined || value === '' ? '—' : String(value)}</Text></div>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={4}>{t.detailTitle}{head ? ` · ${head.declareNo ?? t.pendingDeclareNo}` : ''}</Title>
        <Group gap="xs">
          {editable && <PermissionButton code="add" permissionPath={PAGE} onClick={() => setAdding(true)}>{t.addInventory}</PermissionButton>}
          {editable && id !== null && <PermissionButton code="delete" permissionPath={PAGE} variant="default" color="red" onClick={removeLines}>{t.deleteInventory}</PermissionButton>}
          <Button variant="default" onClick={() => navigate('/exchangeSettlement')}>{t.back}</Button>
        </Group>
      </Group>
      <Card withBorder>
        <Text fw={600} mb="sm">{t.headTitle}</Text>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {field(f.declareNo, head?.declareNo ?? t.pendingDeclareNo)}
          <div><Text size="xs" c="dimmed">{f.stateName}</Text><Badge variant="light">{head?.stateName ?? t.pendingDeclareNo}</Badge></div>
          {field(f.businessType, head?.businessType ?? businessTypeNames[IE_TYPES[billType]])}
          {field(f.bankName, head?.bankName)}
          {field(f.totalAmount, head?.totalAmount ?? '0.00000')}
          {field(f.currency, head?.totalAmountUnitName)}
          {field(f.totalCount, head?.totalCount ?? 0)}
          {field(f.tradeType, head?.tradeType)}
          {field(f.ebcName, head?.ebcName)}
          {field(f.appTime, head?.appTime)}
          {field(f.auditOpinion, head?.auditOpinion)}
          {field(f.note, head?.note)}
        </SimpleGrid>
        <Checkbox.Group label={t.specDeclFlag} mt="md" value={flags.map(String)} onChange={(v) => setFlags(v.map(Number))}>
          <Group gap="md" mt={6}>
            {specDeclFlags.map((label, i) => <Checkbox key={label} value={String(i)} label={label} disabled={!editable || id === null} />)}
          </Group>
        </Checkbox.Group>
        {editable && id !== null && (
          <Group justify="flex-end" mt="sm">
            <PermissionButton code="add" permissionPath={PAGE} variant="light" disabled={flagOf(flags) === (head?.specDeclFlag ?? EMPTY_SPEC_DECL_FLAG)} onClick={() => void saveHead()}>{t.saveHead}</PermissionButton>
          </Group>
        )}
      </Card>
      <Card withBorder>
        <Text fw={600} mb="sm">{t.linesTitle}</Text>
        <Table striped withTableBorder aria-label={t.linesTitle}>
          <Table.Thead>
            <Table.Tr>
              {editable && <Table.Th w={40}><Checkbox aria-label="全选" checked={lines.datas.length > 0 && selected.length === lines.datas.length}
                onChange={(e) => setSelected(e.currentTarget.checked ? lines.datas.map((r) => r.id) : [])} /></Table.Th>}
              {[c.invtNo, c.copNo, c.orderNo, c.logisticsNo, c.ebcName, c.tradeMode, c.currency, c.amount, c.grossWeight, c.ieDate, c.releaseTime].map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.datas.map((r) => (
              <Table.Tr key={r.id}>
                {editable && <Table.Td><Checkbox aria-label={r.invtNo ?? String(r.id)} checked={selected.includes(r.id)}
                  onChange={(e) => { const on = e.currentTarget.checked; setSelected((s) => (on ? [...s, r.id] : s.filter((x) => x !== r.id))); }} /></Table.Td>}
                <Table.Td>{r.invtNo}</Table.Td><Table.Td>{r.copNo}</Table.Td><Table.Td>{r.orderNo}</Table.Td><Table.Td>{r.logisticsNo}</Table.Td>
                <Table.Td>{r.ebcName}</Table.Td><Table.Td>{r.tradeMode}</Table.Td><Table.Td>{r.currencyName}</Table.Td><Table.Td ta="right">{r.amount}</Table.Td>
                <Table.Td ta="right">{r.grossWeight}</Table.Td><Table.Td>{r.ieDate}</Table.Td><Table.Td>{r.releaseTime}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" mt="sm">
          <Text size="sm">{t.total(lines.total)}</Text>
          <Pagination size="sm" total={Math.max(1, Math.ceil(lines.total / LINE_PAGE))} value={page + 1} onChange={(p) => setPage(p - 1)} />
        </Group>
      </Card>
      <CandidatesDialog opened={adding} api={api} billType={billType} onClose={() => setAdding(false)} onAdd={add} />
    </Stack>
  );
}
