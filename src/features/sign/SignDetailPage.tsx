/**
 * /sign/detail/{id} 签名记录详情 (bills §2): internal number, company code and name, sign type,
 * purpose, data to sign, sign result, note, created and updated time, status and hint, with a back
 * button; plus the declaration itself (before or after its signature) and, once signed, its 签名算法
 * and 验签结果 (the server's one verifier). XML is shown pretty-printed
 * (bills §3: "xml is pretty-printed"), as the server indents it.
 *
 * Breadcrumb 首页 / the menu chain / 详情: the hidden module /sign/detail hangs under 签名记录.
 */
import { Alert, Anchor, Badge, Breadcrumbs, Button, Center, Code, Group, Loader, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { signatureLines } from '../../../domain/customs/signature.ts';
import { billText } from '../../../domain/texts/bills.ts';
import { signingText } from '../../../domain/texts/signing.ts';
import type { MenuModule } from '../../../machines/auth.ts';
import { useModules } from '../../lib/auth-context.tsx';
import { http, type Http } from '../../lib/http.ts';
import { errorMessage } from '../../lib/notify.ts';
import { moduleForPath } from '../../lib/permissions.ts';
import { findSignRecord, type SignRecordDetail } from './api.ts';
import { signRecordList } from './sign-record-list.ts';

const c = signingText.columns;
const d = signingText.detail;
const LIST_PATH = `/bill/${signRecordList.mode}/${signRecordList.key}`;

/** The module of this page and its parents, root first (a cycle stops the walk). */
function chainOf(modules: readonly MenuModule[], path: string): MenuModule[] {
  const byId = new Map(modules.map((m) => [String(m.id), m]));
  const chain: MenuModule[] = [];
  // the page's own hidden module (签名详情) is the last crumb's 详情, not a link
  let current = moduleForPath(modules, path);
  current = current ? byId.get(String(current.parentId)) : undefined;
  while (current && !chain.includes(current)) {
    chain.unshift(current);
    current = byId.get(String(current.parentId));
  }
  return chain;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" w={100} style={{ flexShrink: 0 }}>{label}</Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{children || d.empty}</Text>
    </Group>
  );
}

/** A block of text kept as it is (XML, base64), scrolling when long. */
function Block({ label, text }: { label: string; text: string | null }) {
  return (
    <Stack gap={4} role="region" aria-label={label}>
      <Text size="sm" c="dimmed">{label}</Text>
      {text ? (
        <ScrollArea.Autosize mah={420} type="auto">
          <Code block style={{ whiteSpace: 'pre', fontSize: 12 }}>{text}</Code>
        </ScrollArea.Autosize>
      ) : <Text size="sm">{d.empty}</Text>}
    </Stack>
  );
}

export default function SignDetailPage({ client = http }: { client?: Http }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const modules = useModules();
  const [record, setRecord] = useState<SignRecordDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    setRecord(null);
    setError(null);
    findSignRecord(Number(id), client, abort.signal).then(setRecord, (e: unknown) => {
      const message = errorMessage(e);
      // null: the call was cancelled (the page left), nothing to tell
      if (message !== null && !abort.signal.aborted) setError(message);
    });
    return () => abort.abort();
  }, [id, client]);

  const chain = chainOf(modules, `/sign/detail/${id ?? ''}`);
  const signature = record?.signature ? signatureLines(record.signature) : undefined;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/home" size="sm">{billText.home}</Anchor>
        {(chain.length > 0 ? chain : [{ id: LIST_PATH, uri: LIST_PATH, name: signRecordList.label }]).map((m) => (m.uri
          ? <Anchor key={String(m.id)} component={Link} to={m.uri} size="sm">{m.name}</Anchor>
          : <Text key={String(m.id)} size="sm">{m.name}</Text>))}
        <Text size="sm">{d.crumb}</Text>
      </Breadcrumbs>
      <Group justify="flex-end" role="toolbar" aria-label={d.title}>
        <Button variant="default" onClick={() => void navigate(LIST_PATH)}>{d.back}</Button>
      </Group>
      {error !== null ? <Alert color="red">{error}</Alert> : !record ? (
        <Center py="xl"><Loader aria-label={d.loading} /></Center>
      ) : (
        <Paper withBorder p="lg">
          <Group justify="space-between" mb="md">
            <Title order={4}>{d.title}</Title>
            <Badge size="lg" variant="light" color={record.state === 'SIGNED' ? 'green' : record.state === 'FAILED' ? 'red' : 'orange'}>{record.stateName}</Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm">
            <Field label={c.copNo}>{record.copNo}</Field>
            <Field label={c.customsRegistCode}>{record.customsRegistCode}</Field>
            <Field label={c.companyName}>{record.companyName}</Field>
            <Field label={c.typeName}>{record.typeName}</Field>
            <Field label={c.purpose}>{record.purpose}</Field>
            <Field label={c.note}>{record.note}</Field>
            <Field label={c.createTime}>{record.createTime}</Field>
            <Field label={c.updateTime}>{record.updateTime}</Field>
            <Field label={c.stateName}>{record.stateName}</Field>
            <Field label={c.returnInfo}>{record.returnInfo}</Field>
            {signature && <Field label={signingText.view.algorithm}>{signature.algorithm}</Field>}
            {signature && (
              <Field label={signingText.view.verdictLabel}>
                <Badge variant="light" color={record.signature?.ok ? 'teal' : 'red'} style={{ textTransform: 'none' }}>{signature.verdict}</Badge>
              </Field>
            )}
          </SimpleGrid>
          <Stack gap="md" mt="lg">
            <Block label={c.waitSignData} text={record.waitSignDataPretty} />
            <Block label={c.signResult} text={record.signResult} />
            <Block label={record.state === 'SIGNED' ? d.signedMessage : d.unsignedMessage} text={record.xml} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
