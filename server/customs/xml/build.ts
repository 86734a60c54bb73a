/**
 * Builds a declaration message from a bill definition, pure (no clock, no I/O): the definition's
 * field order is the element order, so adding a bill type needs no code here. A CEB message, or a
 * 单一窗口 DecMessage when the definition says so (message.dec: see DecLayout in domain/bills/types.ts —
 * default namespace, Version attribute, no guid/appStatus, lines in DecLists, DecSign last).
 *
 * Layout (export XSD, ceb-messages §1–§3):
 *   <ceb:CEBnnnMessage guid version="1.0" xmlns:ceb>
 *     <ceb:Body>                      definition.message.body, once per bill (1..100)
 *       <ceb:Head>guid, appType, appTime, appStatus, …head fields…</ceb:Head>   (when message.head)
 *       <ceb:Line>…line fields…</ceb:Line>×n                                     (when message.line)
 *     </ceb:Body>                     (flat bodies hold the head fields directly)
 *     <ceb:BaseTransfer>copCode, copName, dxpMode, dxpId, note?</ceb:BaseTransfer>
 *     (BaseSubscribe?, ds:Signature?, ExtendMessage? — not written yet; all optional)
 *   </ceb:CEBnnnMessage>
 * BaseTransfer follows the bodies as the export schema requires (the official export samples put it
 * elsewhere and fail the schema). The import schema puts ExtendMessage before the Signature; neither
 * is written yet, so the same order validates against both.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { FieldError } from '../../../domain/envelope.ts';
import type { BillDefinition, FieldDef } from '../../../domain/bills/types.ts';
import { fieldText } from '../../../domain/texts/server.ts';
import { customsText } from '../../../domain/texts/customs.ts';
import { escapeXmlText } from './escape.ts';
import { formatDate8, formatDateTime14, formatDecimal, formatInteger } from './format.ts';

/**
 * An element as fast-xml-parser's builder takes it: its children by qualified name in document
 * order (a repeated element is an array, its occurrences being adjacent), `@_`-prefixed attributes,
 * a leaf's text as a string. A plain object tree and one string pass: xmlbuilder2's DOM cost a
 * batch of 500 orders about 0.8 ms a bill, a third of the whole declare (docs/perf.md).
 */
interface XmlElement { [name: string]: string | XmlElement | XmlElement[] }

const writer = new XMLBuilder({ ignoreAttributes: false, format: true, indentBy: '  ', suppressEmptyNode: true, processEntities: false });

/** A new child element of `parent` (after the children it has); a repeated name adds an occurrence. */
function child(parent: XmlElement, name: string): XmlElement {
  const el: XmlElement = {};
  const there = parent[name];
  if (there === undefined) parent[name] = el;
  else if (Array.isArray(there)) there.push(el);
  else parent[name] = [there as XmlElement, el];
  return el;
}

export const CEB_NS = 'http://www.chinaport.gov.cn/ceb';
export const CEB_PREFIX = 'ceb';
export const MESSAGE_VERSION = '1.0';

/** Elements the console fills itself rather than the user: they are not definition fields. */
export const SYSTEM_ELEMENTS = ['guid', 'appStatus'] as const;

export interface MessageBill {
  /** the head's guid (C36, upper case) */
  guid: string;
  head: Record<string, unknown>;
  lines: readonly Record<string, unknown>[];
  /**
   * the bill's index of `lines[0]` when this message carries a later share of a split bill's lines:
   * field errors name the bill's own line, and a blank gnum goes on numbering from there
   */
  lineOffset?: number;
}

export interface MessageOptions {
  /** the root's guid */
  guid: string;
  appStatus: '1' | '2';
  /** used for appTime when the head has none */
  now: Date;
}

export interface BuiltMessage {
  xml: string;
  /** values that cannot be written at all (not a number, control characters); the schema checks the rest */
  problems: FieldError[];
}

/** Characters XML 1.0 allows in text (a control character would make the document unreadable). */
const XML_CHARS = /^[\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** The element name of a field in the message. */
export const elementOf = (field: FieldDef): string => (typeof field.xml === 'string' ? field.xml : field.name);

/** Fields written into the body (not BaseTransfer, not xml:false, not a system element). */
export const bodyFields = (fields: readonly FieldDef[]): FieldDef[] =>
  fields.filter((f) => f.xml !== false && !f.transfer && !(SYSTEM_ELEMENTS as readonly string[]).includes(elementOf(f)));

export const transferFieldsOf = (def: BillDefinition): FieldDef[] => def.head.filter((f) => f.transfer && f.xml !== false);

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The element text of one value, undefined to omit the element, or a problem (Chinese). */
export function xmlText(field: FieldDef, value: unknown): { text?: string; problem?: string } {
  if (isBlank(value)) return {};
  let text: string | undefined;
  switch (field.kind) {
    case 'number':
      text = formatDecimal(value, field.scale ?? 5);
      if (text === undefined) return { problem: fieldText.number(field.label) };
      break;
    case 'integer':
      text = formatInteger(value);
      if (text === undefined) return { problem: fieldText.integer(field.label) };
      break;
    case 'datetime':
      text = formatDateTime14(value);
      if (text === undefined) return { problem: fieldText.pattern(field.label) };
      break;
    case 'date':
      text = formatDate8(value);
      if (text === undefined) return { problem: fieldText.pattern(field.label) };
      break;
    default:
      text = (typeof value === 'string' ? value : String(value)).trim();
  }
  if (!XML_CHARS.test(text)) return { problem: customsText.badCharacter(field.label) };
  return { text };
}

/**
 * Head element names in message order: the system elements where the XSD wants them — every
 * declaration head starts guid, appType, appTime, appStatus (ceb-messages §3) — then the
 * definition's fields in order.
 */
function headElements(fields: FieldDef[]): ({ system: 'guid' | 'appStatus' } | { field: FieldDef })[] {
  const out: ({ system: 'guid' | 'appStatus' } | { field: FieldDef })[] = fields.map((field) => ({ field }));
  const at = (name: string) => out.findIndex((e) => 'field' in e && elementOf(e.field) === name);
  const anchor = at('appTime') >= 0 ? at('appTime') : at('appType');
  out.splice(anchor + 1, 0, { system: 'appStatus' });
  out.unshift({ system: 'guid' });
  return out;
}

/** Where the elements of a message go: the CEB layout, or a DecMessage's (definition.message.dec). */
interface Layout {
  ns: string;
  /** the root's namespace declaration: xmlns:ceb, or xmlns for a default namespace */
  nsAttribute: string;
  /** the qualified name of an element (ceb:Order, or DecHead in the default namespace) */
  qn: (local: string) => string;
  rootAttributes: (guid: string) => Record<string, string>;
  /** guid and appStatus in every head (CEB); a DecMessage has neither */
  system: boolean;
  lineGroup?: string;
  block: string;
  blockFirst: readonly { element: string; value: string }[];
}

function layoutOf(message: NonNullable<BillDefinition['message']>): Layout {
  const dec = message.dec;
  if (dec) {
    return {
      ns: dec.namespace, nsAttribute: 'xmlns', qn: (local) => local, rootAttributes: () => ({ Version: dec.version }), system: false,
      lineGroup: dec.lineGroup, block: dec.block, blockFirst: dec.blockFirst,
    };
  }
  return {
    ns: CEB_NS, nsAttribute: `xmlns:${CEB_PREFIX}`, qn: (local) => `${CEB_PREFIX}:${local}`, rootAttributes: (guid) => ({ guid, version: MESSAGE_VERSION }), system: true,
    block: 'BaseTransfer', blockFirst: [],
  };
}

export function buildMessageXml(def: BillDefinition, bills: readonly MessageBill[], options: MessageOptions): BuiltMessage {
  const message = def.message;
  if (!message) throw new Error(customsText.noMessage(def.label));
  // without a body element the root is the one bill's (DecMessage)
  if (!message.body && bills.length > 1) throw new Error(`${message.root} carries one bill, not ${bills.length}`);
  const layout = layoutOf(message);
  const { ns, qn } = layout;
  const problems: FieldError[] = [];
  const headFields = bodyFields(def.head);
  const lineFields = def.lines ? bodyFields(def.lines.fields) : [];
  const sequenceField = def.lines?.sequenceField;
  // the line number: numbered from 1 when the caller left it out (it is the order of the lines)
  const isSequence = (f: FieldDef) => elementOf(f) === 'gnum' || (sequenceField !== undefined && f.name === sequenceField);

  const leaf = (parent: XmlElement, local: string, text: string) => { parent[qn(local)] = escapeXmlText(text); };
  const put = (parent: XmlElement, field: FieldDef, value: unknown, errorField: string, prefix = '') => {
    const { text, problem } = xmlText(field, value);
    if (problem) problems.push({ field: errorField, message: prefix + problem });
    else if (text !== undefined) leaf(parent, elementOf(field), text);
  };

  // the namespace is declared first on the root, as the reviewed golden files have it
  const root: XmlElement = { [`@_${layout.nsAttribute}`]: ns };
  for (const [name, value] of Object.entries(layout.rootAttributes(options.guid))) root[`@_${name}`] = value;

  for (const bill of bills) {
    const body = message.body ? child(root, qn(message.body)) : root;
    const head = message.head ? child(body, qn(message.head)) : body;
    for (const e of layout.system ? headElements(headFields) : headFields.map((field) => ({ field }))) {
      if ('system' in e) {
        leaf(head, e.system, e.system === 'guid' ? bill.guid : options.appStatus);
        continue;
      }
      const value = elementOf(e.field) === 'appTime' && isBlank(bill.head[e.field.name]) ? options.now : bill.head[e.field.name];
      put(head, e.field, value, e.field.name);
    }
    if (message.line) {
      const offset = bill.lineOffset ?? 0;
      const group = layout.lineGroup ? child(body, qn(layout.lineGroup)) : body;
      bill.lines.forEach((line, index) => {
        const i = offset + index;
        const el = child(group, qn(message.line!));
        for (const f of lineFields) {
          const value = isSequence(f) && isBlank(line[f.name]) ? i + 1 : line[f.name];
          put(el, f, value, `lines.${i}.${f.name}`, customsText.linePrefix(i + 1));
        }
      });
    }
  }

  const block = child(root, qn(layout.block));
  for (const { element, value } of layout.blockFirst) leaf(block, element, value);
  const first = bills[0]?.head ?? {};
  for (const f of transferFieldsOf(def)) put(block, f, first[f.name], f.name);

  const doc = { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, [qn(message.root)]: root };
  return { xml: (writer.build(doc) as string).trimEnd(), problems };
}

export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * Whether a schema problem only says that the root still lacks its ds:Signature. Messages are
 * built unsigned and signed afterwards (the signer places the Signature last); the import schema
 * demands it on CEB621, 623, 625 and 711, so before signing that one complaint is expected and
 * must not refuse the bill. Any other missing root child (BaseTransfer …) still counts.
 */
export function awaitsSignature(problem: { message: string; xpath?: string }): boolean {
  const m = /^Element '\{[^}]*\}CEB\d{3}Message': Missing child element\(s\)\. Expected is(?: one of)? \(([^)]*)\)/.exec(problem.message);
  const atRoot = (problem.xpath ?? '').split('/').filter(Boolean).length === 1;
  return m !== null && atRoot && m[1]!.split(',').some((e) => e.trim() === `{${DSIG_NS}}Signature`);
}
