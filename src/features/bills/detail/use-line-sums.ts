/**
 * The head sums that follow the lines while a bill is edited (computed-totals.ts, customs' R102:
 * 商品金额 = Σ 总价): each change of the table's rows within one copy of the bill fills the sum
 * into a head field the user has not typed over; a field the user cleared takes the sum back when
 * left. A new copy of the bill (loaded, stored) changes nothing: its values are the server's.
 */
import { useCallback, useEffect, useRef } from 'react';
import { blankSums, followedSums } from '../../../../domain/bills/computed-totals.ts';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import type { DetailContext } from '../../../../machines/bill-detail.ts';
import type { DefinitionFormApi } from '../../../components/DefinitionForm.tsx';

/** Returns the head form's blur hook (DefinitionForm onFieldBlur). */
export function useLineSums(definition: BillDefinition, context: DetailContext, form: DefinitionFormApi, editing: boolean): (name: string) => void {
  const seen = useRef({ revision: context.revision, lines: context.lines });
  useEffect(() => {
    const last = seen.current;
    seen.current = { revision: context.revision, lines: context.lines };
    if (!editing || last.revision !== context.revision || last.lines === context.lines) return;
    for (const [name, value] of Object.entries(followedSums(definition, form.getValues(), last.lines, context.lines))) form.setFieldValue(name, value);
  }, [context.lines, context.revision, editing]);

  const lines = useRef(context.lines);
  lines.current = context.lines;
  const latest = useRef({ form, editing });
  latest.current = { form, editing };
  return useCallback((name: string) => {
    const { form: f, editing: on } = latest.current;
    if (!on) return;
    const sum = blankSums(definition, f.getValues(), lines.current)[name];
    if (sum !== undefined) f.setFieldValue(name, sum);
  }, [definition]);
}
