// An MCP tool's `inputSchema` as the `parameters` of a function tool. Both services take JSON Schema;
// Service B's strict mode (docs/contracts.md#b-strict-beta) names no schema subset, so Tandem uses the
// common strict subset: every object closed (`additionalProperties: false`) with all its properties
// required, optional ones made nullable; keywords outside the subset make the tool unusable in strict mode.
type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords strict mode cannot express; a schema that uses one is not sent in strict mode. */
const STRICT_UNSUPPORTED = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'prefixItems',
];

/** Keywords that only annotate: dropped in strict mode rather than refused. */
const STRICT_DROPPED = ['$schema', 'default', 'examples', 'title', '$comment', 'readOnly', 'writeOnly', 'deprecated'];

export type SchemaConversion = { ok: true; parameters: Schema } | { ok: false; reason: string };

/** Non-strict: the schema as the server wrote it, with an object root (a missing schema takes no arguments). */
export function looseParameters(inputSchema: unknown): Schema {
  if (!isSchema(inputSchema)) return { type: 'object', properties: {} };
  const { $schema: _dropped, ...rest } = inputSchema;
  return { ...rest, type: 'object', properties: isSchema(rest.properties) ? rest.properties : {} };
}

/** Strict mode: the closed, all-required form, or why the schema cannot be written that way. */
export function strictParameters(inputSchema: unknown): SchemaConversion {
  try {
    return { ok: true, parameters: strictNode(looseParameters(inputSchema), 'the arguments', true) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

function strictNode(schema: Schema, where: string, root = false): Schema {
  for (const key of STRICT_UNSUPPORTED) if (key in schema) throw new Error(`${where} use "${key}", which strict mode cannot express`);
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) if (!STRICT_DROPPED.includes(key)) out[key] = value;
  if (Array.isArray(schema.anyOf)) out.anyOf = schema.anyOf.map((s, i) => strictNode(isSchema(s) ? s : {}, `${where} (choice ${i + 1})`));
  if (isSchema(schema.$defs))
    out.$defs = Object.fromEntries(
      Object.entries(schema.$defs).map(([k, s]) => [k, strictNode(isSchema(s) ? s : {}, `${where} ($defs.${k})`)]),
    );
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array')) {
    if (!isSchema(schema.items)) throw new Error(`${where} have a list without an item schema`);
    out.items = strictNode(schema.items, `${where} (items)`);
  }
  if (types.includes('object')) {
    const properties = isSchema(schema.properties) ? schema.properties : undefined;
    const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
    if (open || (!properties && !root)) throw new Error(`${where} have an object with free-form keys`);
    const required = new Set(Array.isArray(schema.required) ? (schema.required as unknown[]) : []);
    const props: Schema = {};
    for (const [name, sub] of Object.entries(properties ?? {})) {
      const converted = strictNode(isSchema(sub) ? sub : {}, `${where}.${name}`);
      props[name] = required.has(name) ? converted : nullable(converted);
    }
    out.properties = props;
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  if (
    schema.type === undefined &&
    schema.anyOf === undefined &&
    schema.enum === undefined &&
    schema.$ref === undefined &&
    schema.const === undefined
  )
    throw new Error(`${where} have a value of no declared type`);
  return out;
}

/** An optional property in strict mode: required, and null stands for "not given". */
function nullable(schema: Schema): Schema {
  if (typeof schema.type === 'string')
    return { ...schema, type: [schema.type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) };
  if (Array.isArray(schema.type)) return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * The arguments as the server expects them: in strict mode the model sends null for an optional
 * property it leaves out, and the server's own schema would reject that null.
 */
export function withoutStrictNulls(args: unknown, inputSchema: unknown): unknown {
  if (Array.isArray(args)) return isSchema(inputSchema) ? args.map((a) => withoutStrictNulls(a, inputSchema.items)) : args;
  if (!isSchema(args) || !isSchema(inputSchema)) return args;
  const properties = isSchema(inputSchema.properties) ? inputSchema.properties : {};
  const required = Array.isArray(inputSchema.required) ? (inputSchema.required as unknown[]) : [];
  const out: Schema = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === null && !required.includes(key)) continue;
    out[key] = withoutStrictNulls(value, properties[key]);
  }
  return out;
}
