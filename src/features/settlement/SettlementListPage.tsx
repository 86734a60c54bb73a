/**
 * /exchangeSettlement (accounts §2, §4): the company's settlements — state multi-select, the
 * creation window (last 7 days by default), the authorization-state checkboxes — with 添加结汇单,
 * 查看历史撤销记录, and per row 查看/编辑 (detail in edit mode only for 待生成), 提交申请 (bank
 * choice), 撤销申请 (a reason) and 删除申请, offered as machines/settlement.ts allows and as the
 * page's button codes grant; the same batch actions for the selected rows.
 */
import { Badge, Button, Checkbox, Group, Modal, MultiSelect, Pagination, Radio, Select, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, lastDaysWindow, rangeEnd, rangeStart, type Term } from '../../../domain/query.ts';
import { SETTLEMENT_AUTH_FILTER, SETTLEMENT_STATES, settlementAuthStateNames, settlementStateNames, type BillType } from '../../../domain/settlement/states.ts';
import { settlementText as t } from '../../../domain/texts/settlement.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { settlementAccepts } from '../../../machines/settlement.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { useButtonCodes } from '../../lib/permissions.ts';
import { createSettlementApi, detailPath, type Page, type SettlementRecord } from './api.ts';
import { BankDialog, HistoryDialog, ReasonDialog } from './components/dialogs.tsx';

const PAGE = '/exchangeSettlement';
const AUTH_STATES = SETTLEMENT_AUTH_FILTER.map((value) => ({ value, label: settlementAuthStateNames[value]! }));
type Range = [string | null, string | null];

export default function SettlementListPage({ client }: { client?: Http }) {
  const [api] = useState(() => createSettlementApi(client));
  const navigate = useNavigate();
  const codes = useButtonCodes(PAGE);
  const [states, setStates] = useState<string[]>([]);
  const [range, setRange] = useState<Range>(() => { const [a, b] = lastDaysWindow(new Date(), 7); return [a.slice(0, 10), b.slice(0, 10)]; });
  const [authStates, setAuthStates] = useState<string[]>([]);
  // null until the default window is in: the first load already has it
  const [query, setQuery] = useState<Term[] | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [data, setData] = useState<Page<SettlementRecord>>({ total: 0, datas: [] });
  const [selected, setSelected] = useState<number[]>([]);
  const [applying, setApplying] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<number[] | null>(null);
  const [history, setHistory] = useState(false);
  const [choosingType, setChoosingType] = useState(false);
  const [billType, setBillType] = useState<BillType>('export');

  const terms = useCallback((): Term[] => {
    const out: Term[] = [];
    if (states.length) out.push({ column: 'state', termType: 'in', type: 'and', value: states });
    if (range[0] && range[1]) out.push({ column: 'create_time', termType: 'btw', type: 'and', value: [rangeStart(range[0]), rangeEnd(range[1])] });
    if (authStates.length) out.push({ column: 'auth_state', termType: 'in', type: 'and', value: authStates });
    return out;
  }, [states, range, authStates]);

  const latest = useLatest();
  const load = useCallback(async () => {
    if (!query) return;
    try {
      const answer = await latest(api.list(page, pageSize, query));
      if (!answer) return;
      setData(answer.value);
      setSelected([]);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, page, pageSize, query]);
  // first load with the default window
  useEffect(() => { setQuery(terms()); }, []);
  useEffect(() => { void load(); }, [load]);

  const act = async (work: () => Promise<unknown>, message: string): Promise<boolean> => {
    try {
      await work();
      notifySuccess(message);
      await load();
      return true;
    } catch (error) {
      notifyError(error);
      await load();
      return false;
    }
  };
  const confirmDelete = (ids: number[]) => modals.openConfirmModal({
    title: commonText.prompt, children: <Text size="sm">{t.confirmDelete}</Text>,
    labels: { confirm: commonText.confirm, cancel: commonText.cancel }, onConfirm: () => void act(() => api.remove(ids), t.deleted),
  });
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
        <Button onClick={() => { setPage(0); setQuery(terms()); }}>{t.search}</Button>
      </Group>
      <Group gap="xs">
        <PermissionButton code="add" permissionPath={PAGE} onClick={() => setChoosingType(true)}>{t.addSettlement}</PermissionButton>
        <PermissionButton code="revoke" permissionPath={PAGE} variant="default" onClick={() => (selected.length ? setRevoking(selected) : notifyWarning(t.selectRevoke))}>{t.revoke}</PermissionButton>
        <PermissionButton code="delete" permissionPath={PAGE} variant="default" color="red" onClick={() => (selected.length ? confirmDelete(selected) : notifyWarning(t.selectRows))}>{t.delete}</PermissionButton>
        <PermissionButton code="revokeHistory" permissionPath={PAGE} variant="subtle" onClick={() => setHistory(true)}>{t.revokeHistory}</PermissionButton>
      </Group>
      <Table.ScrollContainer minWidth={1400}>
        <Table striped highlightOnHover withTableBorder aria-label={t.pageTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox aria-label="全选" checked={data.datas.length > 0 && selected.length === data.datas.length}
                  onChange={(e) => setSelected(e.currentTarget.checked ? data.datas.map((r) => r.id) : [])} />
              </Table.Th>
              {[c.declareNo, c.stateName, c.businessType, c.bankName, c.totalAmount, c.currency, c.totalCount, c.tradeType, c.ebcName, c.authStateName, c.appTime, c.auditOpinion, c.node, c.operation]
                .map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.datas.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Checkbox aria-label={r.declareNo ?? `#${r.id}`} checked={selected.includes(r.id)}
                    onChange={(e) => { const on = e.currentTarget.checked; setSelected((s) => (on ? [...s, r.id] : s.filter((x) => x !== r.id))); }} />
                </Table.Td>
                <Table.Td>{r.declareNo ?? t.pendingDeclareNo}</Table.Td>
                <Table.Td><Badge variant="light" color={r.state === 'approved' ? 'green' : r.state === 'not_approved' || r.state === 'revoke' ? 'gray' : 'blue'}>{r.stateName}</Badge></Table.Td>
                <Table.Td>{r.businessType}</Table.Td>
                <Table.Td>{r.bankName}</Table.Td>
                <Table.Td ta="right">{r.totalAmount}</Table.Td>
                <Table.Td>{r.totalAmountUnitName}</Table.Td>
                <Table.Td ta="right">{r.totalCount}</Table.Td>
                <Table.Td>{r.tradeType}</Table.Td>
                <Table.Td>{r.ebcName}</Table.Td>
                <Table.Td>{r.authStateName}</Table.Td>
                <Table.Td>{r.appTime}</Table.Td>
                <Table.Td>{r.auditOpinion}</Table.Td>
                <Table.Td>{r.node}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {r.viewable && <Button size="compact-sm" variant="subtle" onClick={() => open(r)}>{r.editable ? t.edit : t.view}</Button>}
                    {codes.has('apply') && settlementAccepts(r.state, { type: 'settlement.apply' }) && <Button size="compact-sm" variant="subtle" onClick={() => setApplying(r.id)}>{t.apply}</Button>}
                    {codes.has('revoke') && settlementAccepts(r.state, { type: 'settlement.revoke' }) && <Button size="compact-sm" variant="subtle" onClick={() => setRevoking([r.id])}>{t.revoke}</Button>}
                    {codes.has('delete') && settlementAccepts(r.state, { type: 'settlement.delete' }) && <Button size="compact-sm" variant="subtle" color="red" onClick={() => confirmDelete([r.id])}>{t.delete}</Button>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Text size="sm">{t.total(data.total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)} onChange={(v) => { setPage(0); setPageSize(Number(v ?? BILL_PAGE_SIZE)); }} />
        <Pagination total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>

      <BankDialog opened={applying !== null} client={client} onClose={() => setApplying(null)}
        onSubmit={(bank, note) => act(() => api.apply(applying!, bank, note), t.applied)} />
      <ReasonDialog opened={revoking !== null} title={t.revoke} required={t.revokeReasonRequired} onClose={() => setRevoking(null)}
        onSubmit={(reason) => act(() => api.revoke(revoking ?? [], reason), t.revoked)} />
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
