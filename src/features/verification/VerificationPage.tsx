/**
 * /settlementVerification (accounts §2, §4): the approved settlements of the last 90 days with what
 * is left to verify. Choosing one (single choice) sets the available amount; the amount typed is
 * read as a number (non-positive or empty → 0) and the remaining amount is available − applied, at
 * 5 decimals. 申请核销, 撤销申请 (a reason), 查看历史撤销记录; per row 查看 (the settlement's detail)
 * and 核销结果 (a result view with a back button). The page's actor (machines/workflow-page.ts with
 * verificationActions) loads the list and runs 申请核销 and 撤销申请 as the settlement and verification
 * machines allow.
 */
import { Button, Group, NumberInput, Pagination, Radio, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, lastDaysWindow, rangeEnd, rangeStart, type Term } from '../../../domain/query.ts';
import { amountText, formatAmount, parseAmount, remainingAmount } from '../../../domain/settlement/amounts.ts';
import { settlementText, verificationText as t } from '../../../domain/texts/settlement.ts';
import { verificationActions as actions } from '../../../machines/workflow-actions.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { WorkflowFailed } from '../../components/WorkflowFailed.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { RevocationHistoryDialog } from '../../components/RevocationHistoryDialog.tsx';
import type { Http } from '../../lib/http.ts';
import { notifyError } from '../../lib/notify.ts';
import { touchesRecords } from '../../lib/live-events.ts';
import { useWorkflowPage, useWorkflowView } from '../../lib/workflow-page.ts';
import { createVerificationApi, type VerifiableRecord, type VerificationResult } from './api.ts';

const PAGE = '/settlementVerification';
type Range = [string | null, string | null];
const settlementDetail = (r: VerifiableRecord) => `/exchangeSettlement/applicationDetail?params=${encodeURIComponent(JSON.stringify({ type: 'view', billType: r.billType, id: r.id }))}`;

function termsOf(range: Range, declareNo: string): Term[] {
  const out: Term[] = [];
  if (range[0] && range[1]) out.push({ column: 'app_time', termType: 'btw', type: 'and', value: [rangeStart(range[0]), rangeEnd(range[1])] });
  if (declareNo.trim()) out.push({ column: 'declare_no', termType: 'like', type: 'and', value: declareNo.trim() });
  return out;
}

export default function VerificationPage({ client }: { client?: Http }) {
  const [api] = useState(() => createVerificationApi(client));
  const navigate = useNavigate();
  const [range, setRange] = useState<Range>(() => { const [a, b] = lastDaysWindow(new Date(), 90); return [a.slice(0, 10), b.slice(0, 10)]; });
  const [declareNo, setDeclareNo] = useState('');
  const [input, setInput] = useState<string | number>('');
  const [history, setHistory] = useState(false);
  const [result, setResult] = useState<{ head: VerifiableRecord; datas: VerificationResult[] } | null>(null);
  // the page's actor: machines/workflow-page.ts with verificationActions (the settlement and verification machines)
  const actor = useWorkflowPage({
    load: ({ pageIndex, pageSize, terms }) => api.list(pageIndex, pageSize, terms as Term[]),
    act: ({ action, ids, values }) => (action === actions.apply ? api.apply(ids[0]!, parseAmount(values.amount)) : api.revoke(ids, String(values.reason).trim())),
  }, { pageSize: BILL_PAGE_SIZE, terms: termsOf(range, declareNo) }, (event) => touchesRecords(event, ['settlement', 'verification']));
  const view = useWorkflowView<VerifiableRecord>(actor);
  const { rows: datas, total, query } = view;
  // single choice: the chosen settlement, while the page still shows it
  const chosen = datas.find((r) => r.id === view.selected[0]) ?? null;
  // an accepted application clears the amount typed
  useEffect(() => { setInput(''); }, [view.done]);

  const available = chosen ? Number(chosen.verAmount) : 0;
  const applied = parseAmount(input);
  const remaining = remainingAmount(available, applied);
  const ids = chosen ? [chosen.id] : [];
  const cancel = () => actor.send({ type: 'user.cancel' });

  const openResult = async (r: VerifiableRecord) => {
    try { setResult(await api.result(r.id)); } catch (error) { notifyError(error); }
  };

  if (result) return <ResultView result={result} onBack={() => setResult(null)} />;
  const c = t.columns;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <DatePickerInput type="range" label={t.appTime} valueFormat="YYYY-MM-DD" value={range} onChange={(v) => setRange(v as Range)} w={240} />
        <TextInput label={c.declareNo} value={declareNo} onChange={(e) => setDeclareNo(e.currentTarget.value)} />
        <Button onClick={() => actor.send({ type: 'user.search', terms: termsOf(range, declareNo) })}>{t.search}</Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput label={t.availableAmount} readOnly value={formatAmount(available)} w={180} />
        <NumberInput label={t.amount} value={input} onChange={setInput} decimalScale={5} min={0} hideControls w={180} />
        <TextInput label={t.remaining} readOnly value={formatAmount(remaining)} w={180} error={remaining < 0 ? t.amountTooLarge : undefined} />
        <PermissionButton code="apply" permissionPath={PAGE} onClick={() => actor.send({ type: 'user.act', action: actions.apply, ids, values: { amount: input } })}>{t.apply}</PermissionButton>
        <PermissionButton code="revoke" permissionPath={PAGE} variant="default"
          onClick={() => actor.send({ type: 'user.act', action: actions.revoke, ids })}>{t.revoke}</PermissionButton>
        <PermissionButton code="revokeHistory" permissionPath={PAGE} variant="subtle" onClick={() => setHistory(true)}>{t.revokeHistory}</PermissionButton>
      </Group>
      <WorkflowFailed problem={view.failure} onRetry={view.retry} />
      <Radio.Group value={chosen ? String(chosen.id) : ''} onChange={(v) => { actor.send({ type: 'user.select', ids: [Number(v)] }); setInput(''); }}>
        <Table.ScrollContainer minWidth={1200}>
          <Table striped highlightOnHover withTableBorder aria-label={t.pageTitle}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                {[c.declareNo, c.businessType, c.bankName, c.alreadyAmount, c.verificationAmount, c.verifyingAmount, c.verAmount, c.verProportion, c.currency, c.verStateName, c.appTime, c.operation]
                  .map((h) => <Table.Th key={h}>{h}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {datas.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td><Radio value={String(r.id)} aria-label={r.declareNo ?? String(r.id)} /></Table.Td>
                  <Table.Td>{r.declareNo}</Table.Td><Table.Td>{r.businessType}</Table.Td><Table.Td>{r.bankName}</Table.Td>
                  <Table.Td ta="right">{amountText(r.alreadyAmount)}</Table.Td><Table.Td ta="right">{amountText(r.verificationAmount)}</Table.Td><Table.Td ta="right">{amountText(r.verifyingAmount)}</Table.Td>
                  <Table.Td ta="right">{amountText(r.verAmount)}</Table.Td><Table.Td>{r.verProportion}</Table.Td><Table.Td>{r.totalAmountUnitName}</Table.Td>
                  <Table.Td>{r.verStateName}</Table.Td><Table.Td>{r.appTime}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="subtle" onClick={() => navigate(settlementDetail(r))}>{t.view}</Button>
                      <Button size="compact-sm" variant="subtle" onClick={() => void openResult(r)}>{t.result}</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Radio.Group>
      <Group justify="flex-end">
        <Text size="sm">{settlementText.total(total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(query.pageSize)}
          onChange={(v) => actor.send({ type: 'user.pageSize', pageSize: Number(v ?? BILL_PAGE_SIZE) })} />
        <Pagination total={Math.max(1, Math.ceil(total / query.pageSize))} value={query.pageIndex + 1} onChange={(p) => actor.send({ type: 'user.page', pageIndex: p - 1 })} />
      </Group>
      <ReasonDialog opened={view.dialogOf(actions.revoke) !== null} title={t.revoke} problem={view.problem} busy={view.submitting} onClose={cancel}
        onSubmit={(reason) => actor.send({ type: 'user.submit', values: { reason } })} />
      <RevocationHistoryDialog opened={history} onClose={() => setHistory(false)} load={api.history} />
    </Stack>
  );
}

function ResultView({ result, onBack }: { result: { head: VerifiableRecord; datas: VerificationResult[] }; onBack: () => void }) {
  const c = t.resultColumns;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>{t.resultTitle} · {result.head.declareNo}</Text>
        <Button variant="default" onClick={onBack}>{t.back}</Button>
      </Group>
      <Group gap="xl">
        <Text size="sm">{t.columns.alreadyAmount}：{result.head.alreadyAmount}</Text>
        <Text size="sm">{t.columns.verificationAmount}：{result.head.verificationAmount}</Text>
        <Text size="sm">{t.columns.verAmount}：{result.head.verAmount}</Text>
        <Text size="sm">{t.columns.verProportion}：{result.head.verProportion}</Text>
      </Group>
      <Table striped withTableBorder aria-label={t.resultTitle}>
        <Table.Thead>
          <Table.Tr>{[c.verNo, c.amount, c.stateName, c.reason, c.auditOpinion, c.appTime, c.updateTime].map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.datas.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>{v.verNo}</Table.Td><Table.Td ta="right">{v.amount}</Table.Td><Table.Td>{v.stateName}</Table.Td><Table.Td>{v.reason}</Table.Td>
              <Table.Td>{v.auditOpinion}</Table.Td><Table.Td>{v.appTime}</Table.Td><Table.Td>{v.updateTime}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

