/**
 * /diagrams: every registered statechart drawn with Mermaid, downloadable as SVG or as its
 * Mermaid source (.mmd). The same source `npm run diagrams` writes to diagrams/.
 */
import '../../lib/styles/full.ts';
import { Alert, Button, Container, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { diagramsText } from '../../../domain/texts/web.ts';
import { machines, type RegisteredMachine } from '../../../machines/index.ts';
import { toMermaid } from '../../../machines/mermaid.ts';
import { download, renderMermaid } from './render-mermaid.ts';

function Diagram({ entry }: { entry: RegisteredMachine }) {
  const source = useMemo(() => toMermaid(entry.machine), [entry]);
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    renderMermaid(source).then(
      (markup) => live && setSvg(markup),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [source]);

  return (
    <Paper p="md" withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={4}>
          {entry.title} ({entry.name})
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            disabled={!svg}
            onClick={() => svg && download(`${entry.name}.svg`, svg, 'image/svg+xml')}
          >
            {diagramsText.downloadSvg}
          </Button>
          <Button size="xs" variant="light" onClick={() => download(`${entry.name}.mmd`, `${source}\n`, 'text/plain')}>
            {diagramsText.downloadSource}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" title={diagramsText.failed}>
          {error}
        </Alert>
      )}
      {!svg && !error && <Loader size="sm" aria-label={diagramsText.loading} />}
      {svg && <div style={{ overflowX: 'auto' }} dangerouslySetInnerHTML={{ __html: svg }} />}
    </Paper>
  );
}

export default function DiagramsPage() {
  return (
    <Container size="xl" py="md">
      <Title order={2} mb="md">
        {diagramsText.title}
      </Title>
      <Stack>
        {machines.map((entry) => (
          <Diagram key={entry.name} entry={entry} />
        ))}
      </Stack>
    </Container>
  );
}
