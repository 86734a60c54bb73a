/**
 * 状态图: the bill lifecycle statechart (machines/bill-lifecycle.ts, the one the server decides
 * every action with) drawn by Mermaid in Chinese, opened whole and fitted to its frame (zoom, pan and
 * 适合窗口: DiagramView), the bill's current state highlighted (highlightState) and the actions that
 * state accepts listed under it in words (可执行：申报、删除). The renderer is the lazy one of /diagrams: Mermaid downloads
 * the first time a diagram is opened, never with the page.
 */
import { Modal, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { StateValue } from 'xstate';
import { timelineText } from '../../../../domain/texts/timeline.ts';
import { billLifecycleMachine } from '../../../../machines/bill-lifecycle.ts';
import { highlightState } from '../../../../machines/highlight-state.ts';
import { userActions } from '../../../../machines/labels.ts';
import { machineDiagram } from '../../../../machines/mermaid.ts';
import { DiagramView, type RenderDiagram } from '../../../components/DiagramView.tsx';
import { renderMermaid } from '../../../lib/render-mermaid.ts';

export type { RenderDiagram } from '../../../components/DiagramView.tsx';

export interface LifecycleDiagramProps {
  opened: boolean;
  /** the lifecycle state to highlight */
  state: StateValue;
  /** the bill's state as its dictionary names it */
  stateName?: string | undefined;
  onClose: () => void;
  render?: RenderDiagram;
}

const lifecycle = machineDiagram(billLifecycleMachine);

/** The frame's largest height: the window less the dialog's title, texts and margins (the 可执行 line stays in view). */
const viewHeight = () => Math.max(260, Math.min(720, window.innerHeight - 270));

export function LifecycleDiagram({ opened, state, stateName, onClose, render = renderMermaid }: LifecycleDiagramProps) {
  return (
    // the whole window less a small margin (Mantine's default keeps 5 % on each side): the lifecycle
    // opens fitted to this width, so every pixel of it is legibility
    <Modal opened={opened} onClose={onClose} title={timelineText.diagramTitle} size="100%" xOffset={16} yOffset={24}>
      {opened && <Diagram state={state} stateName={stateName} render={render} />}
    </Modal>
  );
}

function Diagram({ state, stateName, render }: { state: StateValue; stateName?: string | undefined; render: RenderDiagram }) {
  const key = JSON.stringify(state);
  const source = useMemo(() => highlightState(lifecycle.source, state), [key]); // the value, not its identity
  const actions = useMemo(() => userActions(billLifecycleMachine, state), [key]);
  return (
    <>
      {stateName && <Text size="sm" mb="xs" fw={500}>{timelineText.currentState(stateName)}</Text>}
      <DiagramView source={source} names={lifecycle} render={render} label={timelineText.diagramTitle}
        loadingLabel={timelineText.diagramLoading} failedTitle={timelineText.diagramFailed} height={viewHeight()} />
      <Text size="sm" mt="xs" fw={500} data-testid="next-actions">{timelineText.nextActions(actions)}</Text>
    </>
  );
}
