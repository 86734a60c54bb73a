/**
 * The lines under head fields of the detail page (issue 19):
 * - a head amount customs wants equal to a sum of the lines (computed-totals.ts, R102: 商品金额 =
 *   Σ 总价) offers that sum while editing, when it differs: one click fills it in;
 * - a field the server changes on its own (FieldDef.announceChange: 报送类型 1 新增 → 2 变更 after a
 *   declaration) says so next to it when the page sees a new copy of the same bill with another
 *   value, until the page is closed — or for good once the user closed the note (知道了，不再提示:
 *   remembered per user and field in this browser, dismissed-hints.ts).
 */
import { Anchor, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { computedTotals, linesSum } from '../../../../domain/bills/computed-totals.ts';
import { sameDecimal } from '../../../../domain/bills/decimal.ts';
import { formatNumber } from '../../../../domain/bills/number-format.ts';
import type { BillDefinition, FieldDef } from '../../../../domain/bills/types.ts';
import { billDetailText } from '../../../../domain/texts/bills.ts';
import type { DetailContext } from '../../../../machines/bill-detail.ts';
import type { DefinitionFormApi } from '../../../components/DefinitionForm.tsx';
import { useFieldOptions, type DictionaryLoader } from '../../../components/FieldInput.tsx';
import { dismissHint, isHintDismissed } from './dismissed-hints.ts';

interface Change { from: string; to: string }

function ChangedHint({ field, change, load, onDismiss }: { field: FieldDef; change: Change; load: DictionaryLoader; onDismiss: () => void }) {
  const options = useFieldOptions(field, load);
  const label = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  // a note, not an error (issue 31 item 14: it was drawn in a red-orange and its link sat beside the
  // wrapped sentence's middle): the field description's calm colour, the link after the sentence's end
  return (
    <Text size="xs" c="dimmed" role="status">
      {billDetailText.valueChanged(field.label, label(change.from), label(change.to))}{' '}
      <Anchor component="button" type="button" size="xs" inline style={{ whiteSpace: 'nowrap', verticalAlign: 'baseline' }} onClick={onDismiss}>{billDetailText.dismissHint}</Anchor>
    </Text>
  );
}

/** The changes of announced fields between the copies the page has shown of one bill. */
function useAnnouncedChanges(definition: BillDefinition, context: DetailContext): Record<string, Change> {
  const [changes, setChanges] = useState<Record<string, Change>>({});
  const seen = useRef<{ revision: number; id: string | null; head: Record<string, unknown> } | null>(null);
  const last = seen.current;
  if (!last || last.revision !== context.revision) {
    const next: Record<string, Change> = {};
    if (last && last.id !== null && last.id === context.bill.id) {
      for (const f of definition.head) {
        if (!f.announceChange) continue;
        const from = last.head[f.name], to = context.head[f.name];
        if (from != null && to != null && String(from) !== String(to)) next[f.name] = { from: String(from), to: String(to) };
      }
    }
    seen.current = { revision: context.revision, id: context.bill.id, head: context.head };
    if (Object.keys(next).length > 0) setChanges((c) => ({ ...c, ...next }));
  }
  return changes;
}

/** `user`: whose dismissed notes count (the login name); none: nothing is remembered. */
export function useHeadHints(definition: BillDefinition, context: DetailContext, form: DefinitionFormApi, editing: boolean, load: DictionaryLoader, user?: string): Record<string, ReactNode> {
  const changes = useAnnouncedChanges(definition, context);
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const out: Record<string, ReactNode> = {};
  for (const f of definition.head) {
    const change = changes[f.name];
    if (!change || closed.has(f.name) || (user !== undefined && isHintDismissed(user, f.name))) continue;
    const dismiss = () => {
      if (user !== undefined) dismissHint(user, f.name);
      setClosed((c) => new Set(c).add(f.name));
    };
    out[f.name] = <ChangedHint field={f} change={change} load={load} onDismiss={dismiss} />;
  }
  if (!editing) return out;
  const lineFields = definition.lines?.fields ?? [];
  for (const { head, line } of computedTotals(definition).lineSums) {
    const sum = linesSum(context.lines, line);
    const field = definition.head.find((f) => f.name === head);
    if (sum === undefined || !field || context.lines.length === 0 || sameDecimal(form.values[head], sum)) continue;
    const lineLabel = lineFields.find((f) => f.name === line)?.label ?? line;
    out[head] = (
      <Anchor component="button" type="button" size="xs" onClick={() => form.setFieldValue(head, sum)}>
        {billDetailText.offerSum(lineLabel, formatNumber(field, sum, 'detail'))}
      </Anchor>
    );
  }
  return out;
}
