import type { FieldError } from '../../domain/envelope.ts';
import { fieldText } from '../../domain/texts/server.ts';

interface SchemaNode {
  title?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Walk a JSON schema along a path and return the Chinese title of the node, else the last key. */
function labelAt(schema: SchemaNode | undefined, segments: string[]): string {
  let node = schema;
  let label = segments.at(-1) ?? '';
  for (const seg of segments) {
    if (!node) break;
    if (node.properties && seg in node.properties) node = node.properties[seg];
    else if (node.items && /^\d+$/.test(seg)) node = node.items;
    else node = undefined;
  }
  return node?.title ?? label;
}

/** Turn ajv's errors on a request body ({data: …}) into field errors with Chinese messages. */
export function toFieldErrors(errors: AjvError[], bodySchema: unknown): FieldError[] {
  return errors.map((e) => {
    const path = e.instancePath.split('/').filter(Boolean);
    if (e.keyword === 'required') path.push(String(e.params.missingProperty));
    const field = path[0] === 'data' ? path.slice(1).join('.') : path.join('.');
    const label = path.length === 1 && path[0] === 'data' ? 'data' : labelAt(bodySchema as SchemaNode, path);
    return { field: field || 'data', message: messageFor(e, label) };
  });
}

function messageFor(e: AjvError, label: string): string {
  switch (e.keyword) {
    case 'required': return fieldText.required(label);
    case 'maxLength': return fieldText.maxLength(label, Number(e.params.limit));
    case 'minLength': return Number(e.params.limit) === 1 ? fieldText.required(label) : fieldText.minLength(label, Number(e.params.limit));
    case 'type':
      if (e.params.type === 'number') return fieldText.number(label);
      if (e.params.type === 'integer') return fieldText.integer(label);
      return fieldText.type(label);
    case 'enum': return fieldText.enum(label);
    case 'pattern': case 'format': return fieldText.pattern(label);
    case 'minimum': return fieldText.minimum(label, Number(e.params.limit));
    case 'maximum': return fieldText.maximum(label, Number(e.params.limit));
    case 'minItems': return fieldText.required(label);
    default: return fieldText.unknown(label);
  }
}
