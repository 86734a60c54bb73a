import { describe, expect, it } from 'vitest';
import type { DerivedValue } from './action-words.ts';
import { billDefinitions, findBill } from './index.ts';
import type { BillDefinition } from './types.ts';

const names = (fields: readonly { name: string }[] | undefined) => new Set((fields ?? []).map((f) => f.name));

/** What a mapped value reads: [where, field] pairs to check against the source and the answers. */
function reads(v: DerivedValue): [string, string][] {
  const out: [string, string][] = [];
  if ('form' in v) out.push(['form', v.form]);
  if ('from' in v && v.from !== undefined) out.push(['head', v.from]);
  if ('line' in v) out.push(['line', v.line]);
  if ('sum' in v) out.push(['head', v.sum]);
  return out;
}

describe('action words of the bill definitions', () => {
  for (const def of billDefinitions) {
    for (const [key, derive] of Object.entries(def.derive ?? {})) {
      it(`${def.mode}/${def.key} ${key}: maps existing fields to existing fields, in a state the lifecycle knows`, () => {
        expect(def.api[key as keyof BillDefinition['api']], 'a path').toBeDefined();
        const source = findBill(def.mode, derive.source ?? def.key)!;
        const target = findBill(def.mode, derive.target)!;
        expect(source, 'source').toBeDefined();
        expect(target, 'target').toBeDefined();
        const answers = new Set(def.actions.filter((a) => a.api === key).flatMap((a) => [...(a.form ?? []).map((f) => f.name), ...(a.prompt ? [a.prompt.field] : [])]));
        const problems: string[] = [];
        const check = (into: Set<string>, mapping: Readonly<Record<string, DerivedValue>>, where: string) => {
          for (const [name, v] of Object.entries(mapping)) {
            if (!into.has(name)) problems.push(`${where}: ${name} is no field of ${target.key}`);
            for (const [kind, field] of reads(v)) {
              const known = kind === 'form' ? answers : kind === 'head' ? names(source.head) : names(source.lines?.fields);
              if (!known.has(field)) problems.push(`${where}.${name}: ${kind} ${field} unknown`);
            }
          }
        };
        check(names(target.head), derive.head, 'head');
        if (derive.lines) check(names(target.lines?.fields), derive.lines.fields, 'lines');
        for (const f of derive.groupBy ?? []) if (!names(source.head).has(f)) problems.push(`groupBy ${f}`);
        if (derive.onceBy && !names(target.lines?.fields).has(derive.onceBy.line)) problems.push(`onceBy ${derive.onceBy.line}`);
        // every action performing it sends the same lifecycle event the server decides with
        for (const a of def.actions.filter((x) => x.api === key && x.event !== undefined)) expect(a.event).toBe(derive.event);
        expect(problems).toEqual([]);
      });
    }
    if (def.upload) {
      it(`${def.mode}/${def.key}: a data template of known fields under distinct headers`, () => {
        const head = def.upload!.head.map((n) => def.head.find((f) => f.name === n));
        const lines = (def.upload!.lines ?? []).map((n) => def.lines?.fields.find((f) => f.name === n));
        expect([...head, ...lines].every(Boolean)).toBe(true);
        const labels = [...head, ...lines].map((f) => f!.label);
        expect(new Set(labels).size).toBe(labels.length);
        expect(def.upload!.head).toContain(def.titleField);
        expect(def.actions.map((a) => a.api)).toEqual(expect.arrayContaining(['uploadTemplate', 'downloadUploadTemplate']));
      });
    }
    if (def.linesOf) {
      it(`${def.mode}/${def.key}: lists lines of a bill that has them`, () => {
        const bill = findBill(def.mode, def.linesOf!.bill)!;
        for (const f of def.head) {
          const from = def.linesOf!.headFields.includes(f.name) ? names(bill.head) : names(bill.lines?.fields);
          expect(from.has(f.name), f.name).toBe(true);
        }
      });
    }
  }
});
