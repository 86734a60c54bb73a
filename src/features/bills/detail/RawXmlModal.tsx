/**
 * 查看报文: one message or receipt of the bill's 回执记录 as XML (POST /api/receipter/raw, indented by
 * the server), monospace, with a copy button; a signed message also shows its 签名算法 and whether
 * the server's verifier accepts the signature (验签通过 / 验签失败 with the reason). Fetched when opened, never kept: a receipt can be
 * tens of kilobytes and is rarely looked at.
 */
import { Alert, Badge, Button, Center, Code, CopyButton, Group, Loader, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { signatureLines, type SignatureReport } from '../../../../domain/customs/signature.ts';
import { signingText } from '../../../../domain/texts/signing.ts';
import { timelineText } from '../../../../domain/texts/timeline.ts';
import type { Http } from '../../../lib/http.ts';
import { errorMessage } from '../../../lib/notify.ts';
import { fetchRawXml, type RawKind, type RawRecord } from './timeline-api.ts';

export interface RawTarget { kind: RawKind; id: number; title: string }

export interface RawXmlModalProps {
  /** the record shown; null = closed */
  target: RawTarget | null;
  client: Http;
  onClose: () => void;
}

export function RawXmlModal({ target, client, onClose }: RawXmlModalProps) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={timelineText.rawTitle} size="80rem">
      {target && <RawXml key={`${target.kind}/${target.id}`} target={target} client={client} />}
    </Modal>
  );
}

function SignatureLine({ report }: { report: SignatureReport }) {
  const lines = signatureLines(report);
  if (!lines) return null;
  return (
    <Group gap="xs" mb="xs" wrap="nowrap">
      <Text size="sm">{signingText.view.algorithm}：{lines.algorithm}</Text>
      <Badge color={report.ok ? 'teal' : 'red'} variant="light" style={{ textTransform: 'none' }}>{lines.verdict}</Badge>
    </Group>
  );
}

function RawXml({ target, client }: { target: RawTarget; client: Http }) {
  const [record, setRecord] = useState<RawRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const xml = record?.xml ?? null;
  useEffect(() => {
    const abort = new AbortController();
    fetchRawXml(client, target.kind, target.id, abort.signal).then(setRecord, (e: unknown) => {
      if (!abort.signal.aborted) setError(errorMessage(e) ?? timelineText.loadFailed);
    });
    return () => abort.abort();
  }, [client, target]);

  return (
    <>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text size="sm" fw={500}>{target.title}</Text>
        <CopyButton value={xml ?? ''}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? 'teal' : undefined} disabled={xml === null} onClick={copy}>
              {copied ? timelineText.copied : timelineText.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
      {record?.signature && <SignatureLine report={record.signature} />}
      {error !== null ? (
        <Alert color="red">{error}</Alert>
      ) : xml === null ? (
        <Center p="md"><Loader size="sm" aria-label={timelineText.rawLoading} /></Center>
      ) : (
        <Code block aria-label={timelineText.rawTitle} style={{ maxHeight: '65vh', overflow: 'auto', whiteSpace: 'pre', fontSize: 12 }}>
          {xml}
        </Code>
      )}
    </>
  );
}
