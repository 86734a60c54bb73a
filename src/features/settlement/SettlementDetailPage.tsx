/**
 * /exchangeSettlement/applicationDetail?params={type, billType, id} (accounts §2, §4): a settlement's
 * head (with specDeclFlag as seven checkboxes) and its inventory lines. The page's actor
 * (machines/workflow-page.ts with settlementDetailActions) reads the head as the owner of the lines
 * and runs 添加清单 (the released inventories chosen in its dialog), 删除清单 and 保存; in edit mode
 * each is offered, and accepted, only while the settlement machine lets the head be edited (待生成).
 * A new settlement (id null) is created by its first 添加清单, whose address then names it.
 */
import { Alert, Button, Card, Checkbox, Group, Pagination, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { checkedFlags, EMPTY_SPEC_DECL_FLAG, flagOf, specDeclFlags } from '../../../domain/settlement/spec-decl-flag.ts';
import { amountText } from '../../../domain/settlement/amounts.ts';
import { businessTypeNames, IE_TYPES } from '../../../domain/settlement/states.ts';
import { settlementText as t } from '../../../domain/texts/settlement.ts';
import { settlementMachine } from '../../../machines/settlement.ts';
import { settlementDetailActions as actions } from '../../../machines/workflow-actions.ts';
import { gateOpen, type WorkflowAction } from '../../../machines/workflow-page.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { WorkflowFailed } from '../../components/WorkflowFailed.tsx';
import type { Http } from '../../lib/http.ts';
import { touchesRecords } from '../../lib/live-events.ts';
import { useWorkflowPage, useWorkflowView } from '../../lib/workflow-page.ts';
import { createSettlementApi, detailPath, readDetailParams, type DetailParams, type SettlementLine, type SettlementRecord } from './api.ts';
import { CandidatesDialog } from './components/CandidatesDialog.tsx';

const PAGE = '/exchangeSettlement/applicationDetail';
const LINE_PAGE = 50;
/** A settlement not created yet is in the machine's first state (待生成): its first 添加清单 creates it. */
const UNSAVED = { id: 0, state: String(settlementMachine.config.initial) };

export default function SettlementDetailPage({ client }: { client?: Http }) {
  const params = readDetailParams(useLocation().search);
  if (!params) return <Alert color="red">{t.badParams}</Alert>;
  // a new settlement's address names it after its first 添加清单: the page starts again on it
  return <SettlementDetail key={params.id ?? 'new'} client={client} params={params} />;
}

function SettlementDetail({ client, params }: { client: Http | undefined; params: DetailParams }) {
  const [api] = useState(() => createSettlementApi(client));
  const navigate = useNavigate();
  const { id, billType } = params;
  const actor = useWorkflowPage({
    load: async ({ pageIndex, pageSize }) => {
      if (id === null) return { total: 0, datas: [], owner: UNSAVED };
      const [owner, lines] = await Promise.all([api.head(billType, id), api.lines(billType, id, pageIndex, pageSize)]);
      return { ...lines, owner };
    },
    act: async ({ action, ids, values }) => {
      if (action === actions.add) {
        const added = await api.add(billType, values.inventoryIds as number[], id, String(values.startTime ?? ''), String(values.endTime ?? ''));
        if (id === null) navigate(detailPath({ type: 'edit', billType, id: added.headId }), { replace: true });
        return added;
      }
      if (action === actions.remove) return api.deleteLines(billType, ids);
      return api.saveHead(id!, String(values.specDeclFlag));
    },
  }, { pageSize: LINE_PAGE }, (event) => touchesRecords(event, ['settlement']));
  const view = useWorkflowView<SettlementLine>(actor);
  const { rows: lines, total, query, selected } = view;
  const owner = useSelector(actor, (s) => s.context.owner);
  const head = id === null ? null : (owner as SettlementRecord | null);
  const [flags, setFlags] = useState<number[]>([]);
  // every reading of the head (a save included) shows its stored flags
  useEffect(() => { setFlags(checkedFlags(head?.specDeclFlag ?? EMPTY_SPEC_DECL_FLAG)); }, [head]);

  // edit mode needs both the address's word and a head the settlement machine lets be edited
  const offered = (action: WorkflowAction) => params.type === 'edit' && gateOpen(action.gate, owner ?? undefined);
  const editable = offered(actions.add);
  const act = (action: WorkflowAction, ids: number[], values?: Record<string, unknown>) => actor.send({ type: 'user.act', action, ids, ...(values ? { values } : {}) });
  const select = (ids: number[]) => actor.send({ type: 'user.select', ids });
  const cancel = () => actor.send({ type: 'user.cancel' });
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
          {editable && <PermissionButton code={actions.add.code} permissionPath={PAGE} onClick={() => act(actions.add, [])}>{t.addInventory}</PermissionButton>}
          {offered(actions.remove) && id !== null && (
            <PermissionButton code={actions.remove.code} permissionPath={PAGE} variant="default" color="red" onClick={() => act(actions.remove, selected)}>{t.deleteInventory}</PermissionButton>
          )}
          <Button variant="default" onClick={() => navigate('/exchangeSettlement')}>{t.back}</Button>
        </Group>
      </Group>
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <Card withBorder>
        <Text fw={600} mb="sm">{t.headTitle}</Text>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {field(f.declareNo, head?.declareNo ?? t.pendingDeclareNo)}
          <div><Text size="xs" c="dimmed">{f.stateName}</Text><StateBadge name={head?.stateName ?? t.pendingDeclareNo} color="blue" /></div>
          {field(f.businessType, head?.businessType ?? businessTypeNames[IE_TYPES[billType]])}
          {field(f.bankName, head?.bankName)}
          {field(f.totalAmount, amountText(head?.totalAmount ?? 0))}
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
            {specDeclFlags.map((label, i) => <Checkbox key={label} value={String(i)} label={label} disabled={!offered(actions.save) || id === null} />)}
          </Group>
        </Checkbox.Group>
        {offered(actions.save) && id !== null && (
          <Group justify="flex-end" mt="sm">
            <PermissionButton code={actions.save.code} permissionPath={PAGE} variant="light" loading={view.submitting && view.pending?.action === actions.save}
              disabled={flagOf(flags) === (head?.specDeclFlag ?? EMPTY_SPEC_DECL_FLAG)} onClick={() => act(actions.save, [], { specDeclFlag: flagOf(flags) })}>{t.saveHead}</PermissionButton>
          </Group>
        )}
      </Card>
      <Card withBorder>
        <Text fw={600} mb="sm">{t.linesTitle}</Text>
        <Table striped withTableBorder aria-label={t.linesTitle}>
          <Table.Thead>
            <Table.Tr>
              {editable && <Table.Th w={40}><Checkbox aria-label="全选" checked={lines.length > 0 && selected.length === lines.length}
                onChange={(e) => select(e.currentTarget.checked ? lines.map((r) => r.id) : [])} /></Table.Th>}
              {[c.invtNo, c.copNo, c.orderNo, c.logisticsNo, c.ebcName, c.tradeMode, c.currency, c.amount, c.grossWeight, c.ieDate, c.releaseTime].map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((r) => (
              <Table.Tr key={r.id}>
                {editable && <Table.Td><Checkbox aria-label={r.invtNo ?? String(r.id)} checked={selected.includes(r.id)}
                  onChange={(e) => select(e.currentTarget.checked ? [...selected, r.id] : selected.filter((x) => x !== r.id))} /></Table.Td>}
                <Table.Td>{r.invtNo}</Table.Td><Table.Td>{r.copNo}</Table.Td><Table.Td>{r.orderNo}</Table.Td><Table.Td>{r.logisticsNo}</Table.Td>
                <Table.Td>{r.ebcName}</Table.Td><Table.Td>{r.tradeMode}</Table.Td><Table.Td>{r.currencyName}</Table.Td><Table.Td ta="right">{amountText(r.amount)}</Table.Td>
                <Table.Td ta="right">{r.grossWeight}</Table.Td><Table.Td>{r.ieDate}</Table.Td><Table.Td>{r.releaseTime}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" mt="sm">
          <Text size="sm">{t.total(total)}</Text>
          <Pagination size="sm" total={Math.max(1, Math.ceil(total / query.pageSize))} value={query.pageIndex + 1} onChange={(p) => actor.send({ type: 'user.page', pageIndex: p - 1 })} />
        </Group>
      </Card>
      <CandidatesDialog opened={view.dialogOf(actions.add) !== null} api={api} billType={billType} problem={view.problem} busy={view.submitting} onClose={cancel}
        onSubmit={(inventoryIds, [startTime, endTime]) => actor.send({ type: 'user.submit', values: { inventoryIds, startTime, endTime } })} />
      <ConfirmDialog opened={view.dialogOf(actions.remove) !== null} message={t.confirmDelete} busy={view.submitting} onCancel={cancel}
        onConfirm={() => actor.send({ type: 'user.submit', values: {} })} />
    </Stack>
  );
}
