/**
 * 状态图: the bill lifecycle statechart (machines/bill-lifecycle.ts, the one the server decides
 * every action with) drawn by Mermaid, the bill's current state highlighted (highlightState). The
 * renderer is the lazy one of /diagrams: Mermaid downloads the first time a diagram is opened,
 * never with the page.
 */
import { Alert, Center, Loader, Modal, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { StateValue } from 'xstate';
import { timelineText } from '../../../../domain/texts/timeline.ts';
import { billLifecycleMachine } from '../../../../machines/bill-lifecycle.ts';
import { highlightState } from '../../../../machines/highlight-state.ts';
import { toMermaid } from '../../../../machines/mermaid.ts';
import { renderMermaid } from '../../../lib/render-mermaid.ts';

/** Mermaid source → SVG markup */
export type RenderDiagram = (source: string) => Promise<string>;

export interface LifecycleDiagramProps {
  opened: boolean;
  /** the lifecycle state to highlight */
  state: StateValue;
  /** the bill's state as its dictionary names it */
  stateName?: string | undefined;
  onClose: () => void;
  render?: RenderDiagram;
}

export function LifecycleDiagram({ opened, state, stateName, onClose, render = renderMermaid }: LifecycleDiagramProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={timelineText.diagramTitle} size="95%">
      {opened && <Diagram state={state} stateName={stateName} render={render} />}
    </Modal>
  );
}

function Diagram({ state, stateName, render }: { state: StateValue; stateName?: string | undefined; render: RenderDiagram }) {
  const key = JSON.stringify(state);
  const source = useMemo(() => highlightState(toMermaid(billLifecycleMachine), state), [key]); // the value, not its identity
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    render(source).then(
      (markup) => live && setSvg(markup),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [source, render]);

  return (
    <>
      {stateName && <Text size="sm" mb="xs" fw={500}>{timelineText.currentState(stateName)}</Text>}
      {error !== null && <Alert color="red" title={timelineText.diagramFailed}>{error}</Alert>}
      {svg === null && error === null && <Center p="md"><Loader size="sm" aria-label={timelineText.diagramLoading} /></Center>}
      {svg !== null && <div role="img" aria-label={timelineText.diagramTitle} style={{ overflowX: 'auto' }} dangerouslySetInnerHTML={{ __html: svg }} />}
    </>
  );
}
