/**
 * 查看历史撤销记录: the paged revocation history of settlement applications, shared by the
 * exchange-settlement and settlement-verification pages (both list the same record shape).
 */
import { Group, Modal, Pagination, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { amountText } from '../../domain/settlement/amounts.ts';
import { settlementText as t } from '../../domain/texts/settlement.ts';
import { notifyError } from '../lib/notify.ts';

export interface RevocationRecord {
  id: number; declareNo: string | null; agentName: string | null; appTime: string | null; reas: string; bankName: string | null;
  totalCount: number | null; totalAmount: string | null; auditOpinion: string | null; stateName: string | null; updateTime: string;
}

export interface RevocationPage { total: number; datas: RevocationRecord[] }

const HISTORY_PAGE = 10;

export function RevocationHistoryDialog({ opened, onClose, load }: { opened: boolean; onClose: () => void; load: (pageIndex: number, pageSize: number) => Promise<RevocationPage> }) {
  const [page, setPage] = useState(0);
  const [data, setData] = useState<RevocationPage>({ total: 0, datas: [] });
  useEffect(() => { if (opened) load(page, HISTORY_PAGE).then(setData, notifyError); }, [opened, page, load]);
  return (
    <Modal opened={opened} onClose={onClose} title={t.revokeHistory} size="80%" centered>
      <Table striped withTableBorder aria-label={t.revokeHistory}>
        <Table.Thead>
          <Table.Tr>
            {t.historyColumns.map((h) => <Table.Th key={h}>{h}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.declareNo}</Table.Td><Table.Td>{r.agentName}</Table.Td><Table.Td>{r.appTime}</Table.Td><Table.Td>{r.reas}</Table.Td>
              <Table.Td>{r.bankName}</Table.Td><Table.Td>{r.totalCount}</Table.Td><Table.Td>{amountText(r.totalAmount)}</Table.Td><Table.Td>{r.auditOpinion}</Table.Td>
              <Table.Td>{r.stateName}</Table.Td><Table.Td>{r.updateTime}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="sm">
        <Text size="sm">{t.total(data.total)}</Text>
        <Pagination size="sm" total={Math.max(1, Math.ceil(data.total / HISTORY_PAGE))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
    </Modal>
  );
}
