/**
 * 未匹配回执: what customs and the exchange sent that matches none of the company's bills — a receipt
 * that came before its bill was entered (it applies by itself once the bill is saved or imported),
 * a transfer receipt (DxpRep) of no message of ours, a DXP document nothing here reads — so nothing
 * received is lost from sight. Each row with its business numbers, status (an undocumented one
 * marked 未识别状态), text, explanation (after the reason, when the server gives one: codes naming several
 * companies) and 查看报文. It follows the inbox live (the 'unmatched' event).
 */
import { Alert, Badge, Button, Center, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { receiptText } from '../../../../domain/texts/receipts.ts';
import { timelineText } from '../../../../domain/texts/timeline.ts';
import { http as defaultHttp, type Http } from '../../../lib/http.ts';
import { liveEvents, touchesUnmatched } from '../../../lib/live-events.ts';
import { errorMessage } from '../../../lib/notify.ts';
import { RawXmlModal, type RawTarget } from '../detail/RawXmlModal.tsx';
import { ReceiptExplanationNote } from '../list/components/ReceiptExplanation.tsx';
import { fetchUnmatched, type UnmatchedPage } from './api.ts';

const PAGE_SIZE = 20;

const keysText = (keys: Record<string, unknown>) =>
  Object.values(keys).filter((v) => typeof v === 'string' && v !== '').join(' / ');

const timeText = (value: string) => {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });
};

export default function UnmatchedReceiptsPage({ client = defaultHttp }: { client?: Http }) {
  const [page, setPage] = useState(0);
  const [revision, setRevision] = useState(0);
  const [data, setData] = useState<UnmatchedPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [raw, setRaw] = useState<RawTarget | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchUnmatched(client, page, PAGE_SIZE, abort.signal).then(
      (answer) => {
        setData(answer);
        setError(null);
      },
      (e: unknown) => {
        if (!abort.signal.aborted) setError(errorMessage(e) ?? receiptText.unmatchedEmpty);
      },
    );
    return () => abort.abort();
  }, [client, page, revision]);
  // the inbox is followed live: a receipt of no bill, or one a bill claimed, refetches the page
  useEffect(() => liveEvents.subscribe((event) => { if (touchesUnmatched(event)) setRevision((r) => r + 1); }), []);

  const c = receiptText.unmatchedColumns;
  const rows = data?.datas ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-label={receiptText.unmatchedPage}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={5}>{receiptText.unmatchedPage}</Title>
          {data && <Text size="sm" c="dimmed">{receiptText.unmatchedTotal(data.total)}</Text>}
        </Group>
        <Button size="xs" variant="default" onClick={() => setRevision((r) => r + 1)}>{receiptText.unmatchedRefresh}</Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">{receiptText.unmatchedHint}</Text>
      {error !== null && <Alert color="red" mb="sm">{error}</Alert>}
      {data === null && error === null ? (
        <Center p="md"><Loader size="sm" aria-label={receiptText.unmatchedLoading} /></Center>
      ) : rows.length === 0 ? (
        error === null && <Text size="sm" c="dimmed" ta="center" p="md">{receiptText.unmatchedEmpty}</Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={1280}>
            <Table striped withTableBorder fz="sm" verticalSpacing={4} layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={150}>{c.receivedAt}</Table.Th>
                  <Table.Th w={110}>{c.messageType}</Table.Th>
                  <Table.Th w={230}>{c.keys}</Table.Th>
                  <Table.Th w={170}>{c.returnTime}</Table.Th>
                  <Table.Th w={130}>{c.status}</Table.Th>
                  <Table.Th w={200}>{c.info}</Table.Th>
                  <Table.Th w={210}>{c.meaning}</Table.Th>
                  <Table.Th w={80} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{timeText(r.receivedAt)}</Table.Td>
                    <Table.Td>{r.messageTypeName}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{keysText(r.keys)}</Table.Td>
                    <Table.Td>{r.returnTime}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="wrap">
                        {r.returnStatusName}
                        {r.unrecognised && <Badge size="xs" color="orange" variant="light">{receiptText.unrecognisedStatus}</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{r.returnInfo}</Table.Td>
                    <Table.Td>
                      {r.reason && <Text size="xs" c="orange.8" mb={2}>{r.reason}</Text>}
                      <ReceiptExplanationNote explain={r.explain} />
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="subtle" aria-label={timelineText.viewRawOf(`${r.messageTypeName} ${r.returnTime}`)}
                        onClick={() => setRaw({ kind: 'receipt', id: r.id, title: `${r.messageTypeName} ${r.returnTime}` })}>
                        {timelineText.viewRaw}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data && data.total > PAGE_SIZE && (
            <Pagination size="sm" total={Math.ceil(data.total / PAGE_SIZE)} value={page + 1} onChange={(p) => setPage(p - 1)} />
          )}
        </Stack>
      )}
      <RawXmlModal target={raw} client={client} onClose={() => setRaw(null)} />
    </Paper>
  );
}
