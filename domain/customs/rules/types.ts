/**
 * The format of customs' rules as data (table.ts): what each rule reads, where it comes from, and
 * which pure check (evaluate.ts) judges it. Element names are the CEB / 报关单 message's, so the
 * embedded customs reads a received message by them and the console maps them onto a bill
 * definition's fields (FieldDef.xml ?? name) — the same row judges both.
 */

/** The pure checks a rule may use; the element names are its parameters. */
export type RuleCheck =
  /** each line's total = qty × price, to the cent */
  | { kind: 'lineProduct'; qty: string; price: string; total: string; number: string }
  /** a head amount = Σ of a line amount, exactly */
  | { kind: 'lineSum'; head: string; line: string }
  /** a head amount = Σ plus − Σ minus (an absent element counts 0) */
  | { kind: 'formula'; result: string; plus: readonly string[]; minus: readonly string[] }
  /** one head amount never above another (net ≤ gross) */
  | { kind: 'notAbove'; smaller: string; larger: string }
  /** each line's quantity and its unit come together, the quantity positive */
  | { kind: 'pairs'; pairs: readonly (readonly [string, string])[]; number: string }
  /** coded elements (head and lines) hold codes of their customs code table */
  | { kind: 'codes'; elements: Readonly<Record<string, string>>; number: string }
  /** an element (head or lines) within a length, and of a pattern when given */
  | { kind: 'format'; element: string; max: number; pattern?: string; format?: 'invtNoImport' | 'invtNoExport' }
  /** date / date-time elements not later than customs' clock */
  | { kind: 'notFuture'; elements: readonly string[] }
  /** Σ of a line amount within a limit (the single-transaction limit) */
  | { kind: 'limit'; line: string; limit: string }
  /**
   * 三单比对: fields that must line up with other documents customs holds. Judged where those
   * documents are found (server/bills/declare-checks.ts for the console, the simulator's memory
   * for customs), by the lookups each has; listed here so every rule has one code and one source.
   */
  | { kind: 'documents' }
  /**
   * A limit every field of the message has, written on each field of a bill definition (maxLength,
   * digits, scale — the XSD's maxLength, totalDigits and fractionDigits) and judged with the
   * fields when a bill is saved (domain/bills/validation.ts), so no value the message cannot carry
   * is kept, let alone rounded when sent.
   */
  | { kind: 'fieldLimits'; limit: 'length' | 'digits' };

/** A customs publication (customsRuleText.publications) and the part of it a rule rests on. */
export interface RuleBasis {
  publication: 'spec' | 'xsd' | 'codes' | 'a194' | 'a165' | 'a179' | 'tax49' | 'dec';
  part?: string;
}

export interface CustomsRule {
  /** the code a refusal names (R101 …) */
  code: string;
  /** the check's name as the simulator's tests call it (linePrice, netGross …) */
  name: string;
  /** what customs demands, in Chinese (the 海关规则 page) */
  title: string;
  /** the messages it applies to (CEB311 …, DEC) */
  messages: readonly string[];
  /** the elements it reads */
  fields: readonly string[];
  /** what the rule means, in words a declarant reads (the 海关规则 page) */
  explanation: string;
  /** the customs publications the rule comes from, each with the part that says it */
  basis: readonly RuleBasis[];
  check: RuleCheck;
  /** customs answers with this negative code instead of 100 海关退单 (ceb-messages §5.3) */
  status?: string;
}
