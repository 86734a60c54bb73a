/**
 * /exchangeSettlement (accounts §2, §4): the company's settlements — state multi-select, the
 * creation window (last 7 days by default), the authorization-state checkboxes — with 添加结汇单,
 * 查看历史撤销记录, and per row 查看/编辑 (detail in edit mode only for 待生成), 提交申请 (bank
 * choice), 撤销申请 (a reason) and 删除申请; the same batch actions for the selected rows. The page's
 * actor (machines/workflow-page.ts with settlementActions) loads the list and runs every action,
 * offering and accepting one only where machines/settlement.ts allows it and the button codes grant.
 */
import { Button, Checkbox, Group, Modal, MultiSelect, Pagination, Radio, Select, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { amountText } from '../../../domain/settlement/amounts.ts';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, lastDaysWindow, rangeEnd, rangeStart, type Term } from '../../../domain/query.ts';
import { SETTLEMENT_AUTH_FILTER, SETTLEMENT_STATES, settlementAuthStateNames, settlementStateNames, type BillType } from '../../../domain/settlement/states.ts';
import { settlementText as t } from '../../../domain/texts/settlement.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { settlementActions as actions } from '../../../machines/workflow-actions.ts';
import { gateOpen, type WorkflowAction } from '../../../machines/workflow-page.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { WorkflowFailed } from '../../components/WorkflowFailed.tsx';
import type { Http } from '../../lib/http.ts';
import { useButtonCodes } from '../../lib/permissions.ts';
import { touchesRecords } from '../../lib/live-events.ts';
import { useWorkflowPage, useWorkflowView } from '../../lib/workflow-page.ts';
import { createSettlementApi, detailPath, type SettlementRecord } from './api.ts';
import { BankDialog, HistoryDialog, ReasonDialog } from './components/dialogs.tsx';

const PAGE = '/exchangeSettlement';
const AUTH_STATES = SETTLEMENT_AUTH_FILTER.map((value) => ({ value, label: settlementAuthStateNames[value]! }));
type Range = [string | null, string | null];

function termsOf(states: string[], range: Range, authStates: string[]): Term[] {
  const out: Term[] = [];
  if (states.length) out.push({ column: 'state', termType: 'in', type: 'and', value: states });
  if (range[0] && range[1]) out.push({ column: 'create_time', termType: 'btw', type: 'and', value: [rangeStart(range[0]), rangeEnd(range[1])] });
  if (authStates.length) out.push({ column: 'auth_state', termType: 'in', type: 'and', value: authStates });
  return out;
}

export default function SettlementListPage({ client }: { client?: Http }) {
  const [api] = useState(() => createSettlementApi(client));
  const navigate = useNavigate();
  const codes = useButtonCodes(PAGE);
  const [states, setStates] = useState<string[]>([]);
  const [range, setRange] = useState<Range>(() => { const [a, b] = lastDaysWindow(new Date(), 7); return [a.slice(0, 10), b.slice(0, 10)]; });
  const [authStates, setAuthStates] = useState<string[]>([]);
  const [history, setHistory] = useState(false);
  const [choosingType, setChoosingType] = useState(false);
  const [billType, setBillType] = useState<BillType>('export');
  // the first load already has the default window
  const actor = useWorkflowPage({
    load: ({ pageIndex, pageSize, terms }) => api.list(pageIndex, pageSize, terms as Term[]),
    act: ({ action, ids, values }) => {
      if (action === actions.apply) return api.apply(ids[0]!, String(values.bankCode), String(values.note ?? ''));
      if (action === actions.revoke) return api.revoke(ids, String(values.reason).trim());
      if (action === actions.lock) return api.lock(ids);
      if (action === actions.unlock) return api.unlock(ids);
      return api.remove(ids);
    },
  }, { pageSize: BILL_PAGE_SIZE, terms: termsOf(states, range, authStates) }, (event) => touchesRecords(event, ['settlement']));
  const view = useWorkflowView<SettlementRecord>(actor);
  const { rows, total, query, selected } = view;
  const act = (action: WorkflowAction, ids: number[], values?: Record<string, unknown>) => actor.send({ type: 'user.act', action, ids, ...(values ? { values } : {}) });
  const select = (ids: number[]) => actor.send({ type: 'user.select', ids });
  const cancel = () => actor.send({ type: 'user.cancel' });
  // a locked record offers none of the company's changes (the server refuses them too)
  const offered = (action: WorkflowAction, r: SettlementRecord) => codes.has(action.code) && gateOpen(action.gate, r) && r.lockState !== 'locked';

  const open = (r: SettlementRecord) => navigate(detailPath({ type: r.editable ? 'edit' : 'view', billType: r.billType, id: r.id }));
  const stateOptions = useMemo(() => SETTLEMENT_STATES.map((s) => ({ value: s, label: settlementStateNames[s] })), []);
  const c = t.columns;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <MultiSelect label={t.stateFilter} data={stateOptions} value={states} onChange={setStates} clearable searchable w={320} />
        <DatePickerInput type="range" label={t.createTime} valueFormat="YYYY-MM-DD" value={range} onChange={(v) => setRange(v as Range)} w={240} />
        <Checkbox.Group label={t.authFilter} value={authStates} onChange={setAuthStates}>
          <Group gap="xs" mt={6}>{AUTH_STATES.map((a) => <Checkbox key={a.value} value={a.value} label={a.label} />)}</Group>
        </Checkbox.Group>
        <Button onClick={() => actor.send({ type: 'user.search', terms: termsOf(states, range, authStates) })}>{t.search}</Button>
      </Group>
      <Group gap="xs">
        <PermissionButton code="add" permissionPath={PAGE} onClick={() => setChoosingType(true)}>{t.addSettlement}</PermissionButton>
        <PermissionButton code="revoke" permissionPath={PAGE} variant="default" onClick={() => act(actions.revoke, selected)}>{t.revoke}</PermissionButton>
        <PermissionButton code="delete" permissionPath={PAGE} variant="default" color="red" onClick={() => act(actions.delete, selected)}>{t.delete}</PermissionButton>
        <PermissionButton code="lock" permissionPath={PAGE} variant="default" onClick={() => act(actions.lock, selected)}>{t.lock}</PermissionButton>
        <PermissionButton code="unlock" permissionPath={PAGE} variant="default" onClick={() => act(actions.unlock, selected)}>{t.unlock}</PermissionButton>
        <PermissionButton code="revokeHistory" permissionPath={PAGE} variant="subtle" onClick={() => setHistory(true)}>{t.revokeHistory}</PermissionButton>
      </Group>
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <Table.ScrollContainer minWidth={1400}>
        <Table striped highlightOnHover withTableBorder aria-label={t.pageTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox aria-label="全选" checked={rows.length > 0 && selected.length === rows.length}
                  onChange={(e) => select(e.currentTarget.checked ? rows.map((r) => r.id) : [])} />
              </Table.Th>
              {[c.declareNo, c.stateName, c.businessType, c.bankName, c.totalAmount, c.currency, c.totalCount, c.tradeType, c.ebcName, c.authStateName, c.lockStateName, c.appTime, c.auditOpinion, c.node, c.operation]
                .map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Checkbox aria-label={r.declareNo ?? `#${r.id}`} checked={selected.includes(r.id)}
                    onChange={(e) => select(e.currentTarget.checked ? [...selected, r.id] : selected.filter((x) => x !== r.id))} />
                </Table.Td>
                <Table.Td>{r.declareNo ?? t.pendingDeclareNo}</Table.Td>
                <Table.Td><StateBadge name={r.stateName} color={r.state === 'approved' ? 'green' : r.state === 'not_approved' || r.state === 'revoke' ? 'gray' : 'blue'} /></Table.Td>
                <Table.Td>{r.businessType}</Table.Td>
                <Table.Td>{r.bankName}</Table.Td>
                <Table.Td ta="right">{amountText(r.totalAmount)}</Table.Td>
                <Table.Td>{r.totalAmountUnitName}</Table.Td>
                <Table.Td ta="right">{r.totalCount}</Table.Td>
                <Table.Td>{r.tradeType}</Table.Td>
                <Table.Td>{r.ebcName}</Table.Td>
                <Table.Td>{r.authStateName}</Table.Td>
                <Table.Td>
                  {r.lockStateName && <StateBadge name={r.lockStateName} color={r.lockState === 'locked' ? 'orange' : 'gray'}
                    {...(r.lockState === 'locked' && r.lockedBy && r.lockTime ? { title: t.lockedBy(r.lockedBy, r.lockTime) } : {})} />}
                </Table.Td>
                <Table.Td>{r.appTime}</Table.Td>
                <Table.Td>{r.auditOpinion}</Table.Td>
                <Table.Td>{r.node}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {r.viewable && <Button size="compact-sm" variant="subtle" onClick={() => open(r)}>{r.editable ? t.edit : t.view}</Button>}
                    {offered(actions.apply, r) && <Button size="compact-sm" variant="subtle" onClick={() => act(actions.apply, [r.id])}>{t.apply}</Button>}
                    {offered(actions.revoke, r) && <Button size="compact-sm" variant="subtle" onClick={() => act(actions.revoke, [r.id])}>{t.revoke}</Button>}
                    {offered(actions.delete, r) && <Button size="compact-sm" variant="subtle" color="red" onClick={() => act(actions.delete, [r.id])}>{t.delete}</Button>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Text size="sm">{t.total(total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(query.pageSize)}
          onChange={(v) => actor.send({ type: 'user.pageSize', pageSize: Number(v ?? BILL_PAGE_SIZE) })} />
        <Pagination total={Math.max(1, Math.ceil(total / query.pageSize))} value={query.pageIndex + 1} onChange={(p) => actor.send({ type: 'user.page', pageIndex: p - 1 })} />
      </Group>

      <BankDialog opened={view.dialogOf(actions.apply) !== null} client={client} problem={view.problem} busy={view.submitting} onClose={cancel}
        onSubmit={(bankCode, note) => actor.send({ type: 'user.submit', values: { bankCode, note } })} />
      <ReasonDialog opened={view.dialogOf(actions.revoke) !== null} title={t.revoke} problem={view.problem} busy={view.submitting} onClose={cancel}
        onSubmit={(reason) => actor.send({ type: 'user.submit', values: { reason } })} />
      <ConfirmDialog opened={view.dialogOf(actions.delete) !== null} message={t.confirmDelete} busy={view.submitting} onCancel={cancel}
        onConfirm={() => actor.send({ type: 'user.submit', values: {} })} />
      <ConfirmDialog opened={view.dialogOf(actions.lock) !== null} message={t.confirmLock} busy={view.submitting} onCancel={cancel}
        onConfirm={() => actor.send({ type: 'user.submit', values: {} })} />
      <ConfirmDialog opened={view.dialogOf(actions.unlock) !== null} message={t.confirmUnlock} busy={view.submitting} onCancel={cancel}
        onConfirm={() => actor.send({ type: 'user.submit', values: {} })} />
      <HistoryDialog opened={history} onClose={() => setHistory(false)} load={api.history} />
      <Modal opened={choosingType} onClose={() => setChoosingType(false)} title={t.chooseBillType} centered>
        <Stack>
          <Radio.Group value={billType} onChange={(v) => setBillType(v as BillType)}>
            <Group><Radio value="export" label={t.exportBill} /><Radio value="import" label={t.importBill} /></Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChoosingType(false)}>{commonText.cancel}</Button>
            <Button onClick={() => { setChoosingType(false); navigate(detailPath({ type: 'edit', billType, id: null })); }}>{commonText.confirm}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
