/**
 * XSD validation of CEB messages with libxml2 compiled to WebAssembly (TOOLCHAIN §9).
 *
 * The wasm module is loaded and both business schemas (export, import) are compiled once, by
 * initCustomsSchemas() at startup (the customs plugin awaits it); after that validation is
 * synchronous (≈1 ms a message), so building a declaration stays a plain function call.
 * The schemas are this repository's copies (server/customs/xsd/), never ../shared.
 * The DXP envelope schemas (terminal node DxpMsg, transport node DxpMsgSv) compile alongside and
 * are checked with validateDxpXml.
 * Validators live as long as the process; each message document is disposed after use (wasm
 * memory is not garbage-collected).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { XsdValidator } from 'libxml2-wasm';
import { customsText } from '../../domain/texts/customs.ts';

export type SchemaName = 'export' | 'import';
/** DXP envelope schemas: terminal node (DxpMsg, DxpRep) and transport node (DxpMsgSv). */
export type DxpSchemaName = 'terminal' | 'transport';

export interface SchemaProblem {
  /** libxml2's text, e.g. "Element '{…ceb}orderNo': [facet 'maxLength'] …" */
  message: string;
  /** e.g. /ceb:CEB303Message/ceb:Order/ceb:OrderList[2]/ceb:unit (absent for parse errors) */
  xpath?: string;
  line: number;
}

const XSD_DIR = fileURLToPath(new URL('./xsd/', import.meta.url));
const SCHEMA_FILES: Record<SchemaName, string> = { export: 'ceb-export.xsd', import: 'ceb-import.xsd' };
const DXP_SCHEMA_FILES: Record<DxpSchemaName, string> = { terminal: 'dxp-terminal.xsd', transport: 'dxp-transport.xsd' };
/**
 * Schemas other schemas import or include, served from memory under their relative names:
 * ds:Signature for all of them; the transport node schema includes the terminal node one.
 */
const IMPORTED = ['xmldsig-core-schema.xsd', 'dxp-terminal.xsd'];

type Libxml = typeof import('libxml2-wasm');
interface Compiled { lib: Libxml; validators: Record<SchemaName, XsdValidator>; dxp: Record<DxpSchemaName, XsdValidator> }

let compiled: Compiled | undefined;
let loading: Promise<void> | undefined;

/** Loads libxml2 and compiles the schemas; idempotent, safe to await from every app instance. */
export function initCustomsSchemas(): Promise<void> {
  loading ??= (async () => {
    const lib = await import('libxml2-wasm');
    const buffers = Object.fromEntries(IMPORTED.map((name) => [name, new Uint8Array(readFileSync(XSD_DIR + name))]));
    lib.xmlRegisterInputProvider(new lib.XmlBufferInputProvider(buffers));
    const compile = (file: string) => {
      const doc = lib.XmlDocument.fromBuffer(new Uint8Array(readFileSync(XSD_DIR + file)), { url: file });
      try {
        return lib.XsdValidator.fromDoc(doc);
      } finally {
        doc.dispose();
      }
    };
    compiled = {
      lib,
      validators: { export: compile(SCHEMA_FILES.export), import: compile(SCHEMA_FILES.import) },
      dxp: { terminal: compile(DXP_SCHEMA_FILES.terminal), transport: compile(DXP_SCHEMA_FILES.transport) },
    };
  })();
  loading.catch(() => { loading = undefined; });
  return loading;
}

export function customsSchemasReady(): boolean {
  return compiled !== undefined;
}

/** The loaded libxml2-wasm module (signing canonicalises with it too). Throws when initCustomsSchemas() has not finished. */
export function loadedLibxml(): Libxml {
  if (!compiled) throw new Error(customsText.schemasNotReady);
  return compiled.lib;
}

/** The schema's verdict on a message: [] when valid. Throws when initCustomsSchemas() has not finished. */
export function validateCebXml(schema: SchemaName, xml: string): SchemaProblem[] {
  if (!compiled) throw new Error(customsText.schemasNotReady);
  return validateWith(compiled.validators[schema], xml);
}

/** The DXP envelope's verdict (DxpMsg against the terminal node schema by default): [] when valid. */
export function validateDxpXml(xml: string, schema: DxpSchemaName = 'terminal'): SchemaProblem[] {
  if (!compiled) throw new Error(customsText.schemasNotReady);
  return validateWith(compiled.dxp[schema], xml);
}

function validateWith(validator: XsdValidator, xml: string): SchemaProblem[] {
  const { lib } = compiled!;
  let doc;
  try {
    // No network, no external entities: the document is validated, never resolved against anything.
    doc = lib.XmlDocument.fromString(xml, { option: lib.ParseOption.XML_PARSE_NONET | lib.ParseOption.XML_PARSE_NO_XXE });
  } catch (e) {
    return problemsOf(e, lib);
  }
  try {
    validator.validate(doc);
    return [];
  } catch (e) {
    return problemsOf(e, lib);
  } finally {
    doc.dispose();
  }
}

function problemsOf(e: unknown, lib: Libxml): SchemaProblem[] {
  if (e instanceof lib.XmlLibError && e.details.length > 0) {
    const errors = e.details.filter((d) => d.level >= 2);
    return (errors.length > 0 ? errors : e.details).map((d) => ({
      message: d.message.trim(),
      line: d.line,
      ...(d.xpath ? { xpath: d.xpath } : {}),
    }));
  }
  return [{ message: e instanceof Error ? e.message : String(e), line: 0 }];
}
