/**
 * /diagrams: every registered statechart drawn with Mermaid in Chinese (machines/labels.ts), under a
 * Chinese index with one sentence a machine, each zoomable (DiagramView: technical names on hover)
 * and downloadable as SVG, PNG and its Mermaid source (.mmd, the same `npm run diagrams` writes to
 * diagrams/). The page stands outside the console's frame, so it carries its own way back.
 */
import '../../lib/styles/full.ts';
import { Anchor, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { diagramsText } from '../../../domain/texts/web.ts';
import { machines, type RegisteredMachine } from '../../../machines/index.ts';
import { machineDiagram } from '../../../machines/mermaid.ts';
import { DiagramView } from '../../components/DiagramView.tsx';
import { download, renderMermaid, svgToPng } from './render-mermaid.ts';

const HOME = '/home';

function Diagram({ entry }: { entry: RegisteredMachine }) {
  const diagram = useMemo(() => machineDiagram(entry.machine), [entry]);
  const drawn = useRef<string | null>(null);
  const [ready, setReady] = useState(false);
  const onDrawn = (svg: string) => {
    drawn.current = svg;
    setReady(true);
  };
  const png = async () => {
    if (drawn.current) download(`${entry.name}.png`, await svgToPng(drawn.current), 'image/png');
  };

  return (
    <Paper p="md" withBorder component="section" id={entry.name} aria-label={entry.title}>
      <Group justify="space-between" mb="xs" align="flex-start">
        <div>
          <Title order={4}>{entry.title}</Title>
          <Text size="sm" c="dimmed">{entry.summary}</Text>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="light" disabled={!ready} onClick={() => drawn.current && download(`${entry.name}.svg`, drawn.current, 'image/svg+xml')}>
            {diagramsText.downloadSvg}
          </Button>
          <Button size="xs" variant="light" disabled={!ready} onClick={() => void png()}>
            {diagramsText.downloadPng}
          </Button>
          <Button size="xs" variant="light" onClick={() => download(`${entry.name}.mmd`, `${diagram.source}\n`, 'text/plain')}>
            {diagramsText.downloadSource}
          </Button>
        </Group>
      </Group>
      <DiagramView source={diagram.source} names={diagram} render={renderMermaid} label={entry.title} onDrawn={onDrawn} height={640} />
    </Paper>
  );
}

export default function DiagramsPage() {
  return (
    <Container size="xl" py="md">
      <Group justify="space-between" mb="xs">
        <Title order={2}>{diagramsText.title}</Title>
        <Button component={Link} to={HOME} variant="default" size="sm">{diagramsText.back}</Button>
      </Group>
      <Text size="sm" mb="md">{diagramsText.intro}</Text>
      <Paper p="md" withBorder mb="md" component="nav" aria-label={diagramsText.index}>
        <Title order={4} mb="xs">{diagramsText.index}</Title>
        <List size="sm" spacing={4}>
          {machines.map((entry) => (
            <List.Item key={entry.name}>
              <Anchor href={`#${entry.name}`}>{entry.title}</Anchor>
              <Text span size="sm" c="dimmed">：{entry.summary}</Text>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Stack>
        {machines.map((entry) => (
          <Diagram key={entry.name} entry={entry} />
        ))}
      </Stack>
    </Container>
  );
}
