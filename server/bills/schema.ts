/**
 * JSON schemas of the bill routes' `data`, derived from the definition: real schemas with the
 * fields' Chinese titles for the OpenAPI document, loose on purpose (values are checked by
 * domain/bills/validation.ts in the handler, so refusals carry the definition's own messages and
 * a bad field never costs the others their check).
 */
import type { BillDefinition, FieldDef } from '../../domain/bills/types.ts';


function describe(f: FieldDef): string {
  const parts: string[] = [];
  if (f.required) parts.push('必填');
  else if (f.requiredToDeclare) parts.push('申报时必填');
  if (f.maxLength !== undefined && f.kind !== 'number' && f.kind !== 'integer') parts.push(`最长${f.maxLength}个字符`);
  if (f.kind === 'number') parts.push(`数字，最多${(f.digits ?? 19) - (f.scale ?? 5)}位整数、${f.scale ?? 5}位小数`);
  if (f.kind === 'integer') parts.push(`整数，最多${f.digits ?? 9}位`);
  if (f.kind === 'date') parts.push('YYYY-MM-DD');
  if (f.kind === 'datetime') parts.push('YYYY-MM-DD HH:mm:ss');
  if (f.codeTable) parts.push(`字典 ${f.codeTable}`);
  if (f.options) parts.push(`取值 ${f.options.map((o) => o.value).join('/')}`);
  if (f.readOnly) parts.push('只读');
  return parts.join('；');
}

function fieldProps(fields: readonly FieldDef[]): Record<string, object> {
  // No `type`: a number may come as text and text as a number; validation.ts reads both and
  // refuses anything else with the field's own message.
  return Object.fromEntries(fields.map((f) => [f.name, { title: f.label, ...(describe(f) ? { description: describe(f) } : {}) }]));
}

const idSchema = { title: '单据ID (数字)' };
const timeProps = {
  startTime: { title: '开始时间' },
  endTime: { title: '结束时间' },
};

export const listRequestSchema = {
  type: 'object',
  properties: {
    pageIndex: { type: 'integer', title: '页码(从0开始)' },
    pageSize: { type: 'integer', title: '每页条数' },
    sorts: {
      type: 'array', title: '排序',
      items: { type: 'object', properties: { name: { type: 'string', title: '排序字段' }, order: { type: 'string', title: '排序方向 (asc/desc)' } } },
    },
    terms: {
      type: 'array', title: '查询条件',
      items: {
        type: 'object',
        properties: {
          column: { type: 'string', title: '查询字段 (snake_case)' },
          termType: { type: 'string', title: '查询类型 (eq/btw/lte/gte/in/like)' },
          type: { type: 'string', title: '连接方式 (and/or)' },
          value: { title: '值' },
        },
      },
    },
  },
};

/** An export: the list request and the columns the user's 列设置 hides (field names; the sheet keeps the screen's order). */
export const exportRequestSchema = {
  ...listRequestSchema,
  properties: { ...listRequestSchema.properties, hiddenColumns: { type: 'array', title: '隐藏的列', items: { type: 'string' } } },
};

export const detailSchema = { type: 'object', required: ['id'], properties: { id: idSchema, ...timeProps } };

export const linesSchema = {
  type: 'object', required: ['id'],
  properties: { id: idSchema, ...timeProps, pageIndex: { type: 'integer', title: '页码(从1开始)' }, pageSize: { type: 'integer', title: '每页条数' } },
};

export const idsSchema = {
  type: 'object', required: ['ids'],
  properties: { ids: { type: 'array', title: '单据ID', items: idSchema }, ...timeProps },
};

export const lineIdsSchema = { type: 'object', required: ['ids'], properties: { ids: { type: 'array', title: '表体ID', items: idSchema } } };

export function saveSchema(def: BillDefinition): object {
  return {
    type: 'object',
    properties: {
      id: { ...idSchema, title: '单据ID (新增时不填)' },
      version: { title: '版本号 (修改时填读取到的版本)' },
      draft: { type: 'boolean', title: '暂存：只校验类型与长度，必填项留待保存与申报' },
      ...timeProps,
      ...fieldProps(def.head),
      ...(def.lines
        ? { details: { type: 'array', title: '表体 (提交时替换全部表体；id 以 temp 开头为新增行)', items: { type: 'object', properties: { id: { title: '表体ID (新增行以 temp 开头)' }, ...fieldProps(def.lines.fields) } } } }
        : {}),
    },
  };
}

export function saveLineSchema(def: BillDefinition): object {
  return {
    type: 'object', required: ['headId'],
    properties: { headId: { ...idSchema, title: '表头ID' }, id: { title: '表体ID (新增时不填)' }, ...fieldProps(def.lines?.fields ?? []) },
  };
}

export const parseTemplateSchema = {
  type: 'object',
  properties: {
    filePath: { title: '上传文件 (uri, 或最多3个 uri 的数组)' },
    filePaths: { type: 'array', title: '上传文件 (最多3个)', items: { type: 'string' } },
  },
};
