/**
 * /settlementVerification (accounts §2, §4): the approved settlements of the last 90 days with what
 * is left to verify. Choosing one (single choice) sets the available amount; the amount typed is
 * read as a number (non-positive or empty → 0) and the remaining amount is available − applied, at
 * 5 decimals. 申请核销, 撤销申请 (a reason), 查看历史撤销记录; per row 查看 (the settlement's detail)
 * and 核销结果 (a result view with a back button).
 */
import { Button, Group, Modal, NumberInput, Pagination, Radio, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, lastDaysWindow, rangeEnd, rangeStart, type Term } from '../../../domain/query.ts';
import { formatAmount, parseAmount, remainingAmount } from '../../../domain/settlement/amounts.ts';
import { settlementText, verificationText as t } from '../../../domain/texts/settlement.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { RevocationHistoryDialog } from '../../components/RevocationHistoryDialog.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { createVerificationApi, type Page, type VerifiableRecord, type VerificationResult } from './api.ts';

const PAGE = '/settlementVerification';
type Range = [string | null, string | null];
const settlementDetail = (r: VerifiableRecord) => `/exchangeSettlement/applicationDetail?params=${encodeURIComponent(JSON.stringify({ type: 'view', billType: r.billType, id: r.id }))}`;

export default function VerificationPage({ client }: { client?: Http }) {
  const [api] = useState(() => createVerificationApi(client));
  const navigate = useNavigate();
  const [range, setRange] = useState<Range>(() => { const [a, b] = lastDaysWindow(new Date(), 90); return [a.slice(0, 10), b.slice(0, 10)]; });
  const [declareNo, setDeclareNo] = useState('');
  const [query, setQuery] = useState<Term[] | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [data, setData] = useState<Page<VerifiableRecord>>({ total: 0, datas: [] });
  const [chosen, setChosen] = useState<VerifiableRecord | null>(null);
  const [input, setInput] = useState<string | number>('');
  const [revoking, setRevoking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  const [result, setResult] = useState<{ head: VerifiableRecord; datas: VerificationResult[] } | null>(null);

  const terms = useCallback((): Term[] => {
    const out: Term[] = [];
    if (range[0] && range[1]) out.push({ column: 'app_time', termType: 'btw', type: 'and', value: [rangeStart(range[0]), rangeEnd(range[1])] });
    if (declareNo.trim()) out.push({ column: 'declare_no', termType: 'like', type: 'and', value: declareNo.trim() });
    return out;
  }, [range, declareNo]);
  const latest = useLatest();
  const load = useCallback(async () => {
    if (!query) return;
    try {
      const answer = await latest(api.list(page, pageSize, query));
      if (!answer) return;
      const next = answer.value;
      setData(next);
      setChosen((c) => (c ? next.datas.find((r) => r.id === c.id) ?? null : null));
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, page, pageSize, query]);
  useEffect(() => { setQuery(terms()); }, []);
  useEffect(() => { void load(); }, [load]);

  const available = chosen ? Number(chosen.verAmount) : 0;
  const applied = parseAmount(input);
  const remaining = remainingAmount(available, applied);

  const apply = async () => {
    if (!chosen) { notifyWarning(t.selectOne); return; }
    if (applied <= 0) { notifyWarning(t.amountRequired); return; }
    if (remaining < 0) { notifyWarning(t.amountTooLarge); return; }
    try {
      await api.apply(chosen.id, applied);
      notifySuccess(t.applied);
      setInput('');
    } catch (error) {
      notifyError(error);
    }
    await load();
  };
  const revoke = async () => {
    if (!reason.trim()) { setReasonError(t.revokeReasonRequired); return; }
    try {
      await api.revoke([chosen!.id], reason.trim());
      notifySuccess(t.revoked);
      setRevoking(false);
    } catch (error) {
      notifyError(error);
    }
    await load();
  };
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
        <Button onClick={() => { setPage(0); setQuery(terms()); }}>{t.search}</Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput label={t.availableAmount} readOnly value={formatAmount(available)} w={180} />
        <NumberInput label={t.amount} value={input} onChange={setInput} decimalScale={5} min={0} hideControls w={180} />
        <TextInput label={t.remaining} readOnly value={formatAmount(remaining)} w={180} error={remaining < 0 ? t.amountTooLarge : undefined} />
        <PermissionButton code="apply" permissionPath={PAGE} onClick={() => void apply()}>{t.apply}</PermissionButton>
        <PermissionButton code="revoke" permissionPath={PAGE} variant="default"
          onClick={() => (chosen ? (setReason(''), setReasonError(null), setRevoking(true)) : notifyWarning(t.selectRevoke))}>{t.revoke}</PermissionButton>
        <PermissionButton code="revokeHistory" permissionPath={PAGE} variant="subtle" onClick={() => setHistory(true)}>{t.revokeHistory}</PermissionButton>
      </Group>
      <Radio.Group value={chosen ? String(chosen.id) : ''} onChange={(v) => { setChosen(data.datas.find((r) => String(r.id) === v) ?? null); setInput(''); }}>
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
              {data.datas.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td><Radio value={String(r.id)} aria-label={r.declareNo ?? String(r.id)} /></Table.Td>
                  <Table.Td>{r.declareNo}</Table.Td><Table.Td>{r.businessType}</Table.Td><Table.Td>{r.bankName}</Table.Td>
                  <Table.Td ta="right">{r.alreadyAmount}</Table.Td><Table.Td ta="right">{r.verificationAmount}</Table.Td><Table.Td ta="right">{r.verifyingAmount}</Table.Td>
                  <Table.Td ta="right">{r.verAmount}</Table.Td><Table.Td>{r.verProportion}</Table.Td><Table.Td>{r.totalAmountUnitName}</Table.Td>
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
        <Text size="sm">{settlementText.total(data.total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)} onChange={(v) => { setPage(0); setPageSize(Number(v ?? BILL_PAGE_SIZE)); }} />
        <Pagination total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
      <Modal opened={revoking} onClose={() => setRevoking(false)} title={t.revoke} centered>
        <Stack>
          <Textarea label={settlementText.revokeReason} required maxLength={255} autosize minRows={3} value={reason} error={reasonError}
            onChange={(e) => { setReason(e.currentTarget.value); setReasonError(null); }} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(false)}>{commonText.cancel}</Button>
            <Button onClick={() => void revoke()}>{commonText.confirm}</Button>
          </Group>
        </Stack>
      </Modal>
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

