/**
 * Reads a zod 4 schema (its `_zod.def`) into a plain description the editor's configuration is
 * built from: the kind of value, whether the file must hold it, its default, and the checks the
 * import applies that a form can apply too (patterns with their messages, lengths, bounds,
 * formats). Refinements no form can express (cross-field rules, time zones) are flagged, so the
 * generator can say in a hint that the import checks more. A zod construct it does not know
 * throws, naming the field: a new kind of schema needs a decision here, never a silent guess.
 * Node only (the generator, scripts/build/editor-config.ts): the worker never imports classic zod.
 */

/** A regular expression the value must match, with the import's own message. */
export interface PatternCheck {
  readonly source: string;
  readonly flags: string;
  readonly message: string;
}

export type SchemaNode =
  | { readonly kind: 'string'; readonly format: 'datetime' | 'uuid' | 'email' | 'url' | null; readonly patterns: readonly PatternCheck[]; readonly minLength: number | null; readonly maxLength: number | null; readonly refined: boolean }
  | { readonly kind: 'number'; readonly integer: boolean; readonly min: number | null; readonly max: number | null }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'object'; readonly fields: Readonly<Record<string, SchemaField>>; readonly refined: boolean }
  | { readonly kind: 'array'; readonly element: SchemaNode; readonly minLength: number | null; readonly refined: boolean }
  | { readonly kind: 'record'; readonly key: SchemaNode; readonly value: SchemaNode; readonly partial: boolean }
  | { readonly kind: 'union'; readonly options: readonly SchemaNode[]; readonly message: string | null };

/** A value in its place: what it is, and whether a file must hold it. */
export interface SchemaField {
  readonly node: SchemaNode;
  /** The import refuses the file without it (neither optional, nullable nor defaulted). */
  readonly required: boolean;
  /** The value the import uses when the file has none, when the schema gives one. */
  readonly default?: unknown;
}

/** The parts of zod 4's internal definitions this walker reads. */
interface ZodDef {
  readonly type: string;
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDef } }[];
  readonly innerType?: ZodLike;
  readonly shape?: Record<string, ZodLike>;
  readonly element?: ZodLike;
  readonly entries?: Record<string, string | number>;
  readonly keyType?: ZodLike;
  readonly valueType?: ZodLike;
  readonly options?: readonly ZodLike[];
  readonly defaultValue?: unknown;
  readonly mode?: string;
  readonly error?: (issue: unknown) => unknown;
}
interface CheckDef {
  readonly check: string;
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly value?: number;
  readonly inclusive?: boolean;
  readonly error?: (issue: unknown) => unknown;
}
interface ZodInternals {
  readonly _zod: { readonly def: ZodDef };
}
/** Any zod 4 schema (classic or mini): what the walker is given. */
export interface ZodLike {
  readonly _zod: object;
}
const internals = (schema: ZodLike) => (schema as ZodInternals)._zod.def;

/** The message a check or schema was given (`.regex(re, 'must be …')`), if a plain string. */
function messageOf(error: ((issue: unknown) => unknown) | undefined): string | null {
  if (!error) return null;
  const message = error({ input: undefined, code: 'invalid_format' });
  return typeof message === 'string' ? message : null;
}

const STRING_FORMATS = new Set(['datetime', 'uuid', 'email', 'url']);

function describeString(def: ZodDef, where: string): SchemaNode {
  if (def.format && !STRING_FORMATS.has(def.format)) throw new Error(`${where}: string format "${def.format}" has no editor mapping`);
  const patterns: PatternCheck[] = [];
  let minLength: number | null = null;
  let maxLength: number | null = null;
  let refined = false;
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    if (check.check === 'min_length') minLength = check.minimum ?? null;
    else if (check.check === 'max_length') maxLength = check.maximum ?? null;
    else if (check.check === 'string_format' && check.format === 'regex' && check.pattern) {
      patterns.push({ source: check.pattern.source, flags: check.pattern.flags, message: messageOf(check.error) ?? 'invalid value' });
    } else if (check.check === 'custom') refined = true;
    else throw new Error(`${where}: string check "${check.check}" has no editor mapping`);
  }
  return { kind: 'string', format: (def.format as 'datetime' | 'uuid' | 'email' | 'url' | undefined) ?? null, patterns, minLength, maxLength, refined };
}

function describeNumber(def: ZodDef, where: string): SchemaNode {
  let integer = false;
  let min: number | null = null;
  let max: number | null = null;
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    if (check.check === 'number_format' && (check.format === 'safeint' || check.format === 'int32')) integer = true;
    else if (check.check === 'greater_than' && check.inclusive) min = check.value ?? null;
    else if (check.check === 'less_than' && check.inclusive) max = check.value ?? null;
    else throw new Error(`${where}: number check "${check.check}" has no editor mapping`);
  }
  return { kind: 'number', integer, min, max };
}

/** Describes a schema's value, `where` naming it in errors (`stories.author.email`). */
export function describeNode(schema: ZodLike, where: string): SchemaNode {
  return describeField(schema, where).node;
}

/** Describes a schema in its place: optional, nullable and default wrappers make it not required. */
export function describeField(schema: ZodLike, where: string): SchemaField {
  const def = internals(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable': {
      const inner = describeField(def.innerType!, where);
      return { ...inner, required: false };
    }
    case 'default': {
      const inner = describeField(def.innerType!, where);
      return { node: inner.node, required: false, default: def.defaultValue };
    }
    default:
      return { node: describeBare(def, where), required: true };
  }
}

function describeBare(def: ZodDef, where: string): SchemaNode {
  const refined = (def.checks ?? []).some(({ _zod }) => _zod.def.check === 'custom');
  switch (def.type) {
    case 'string':
      return describeString(def, where);
    case 'number':
      return describeNumber(def, where);
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'enum', values: Object.values(def.entries ?? {}).map(String) };
    case 'object':
      return { kind: 'object', fields: Object.fromEntries(Object.entries(def.shape ?? {}).map(([name, field]) => [name, describeField(field, `${where}.${name}`)])), refined };
    case 'array': {
      const minimum = (def.checks ?? []).find(({ _zod }) => _zod.def.check === 'min_length')?._zod.def.minimum ?? null;
      return { kind: 'array', element: describeNode(def.element!, `${where}[]`), minLength: minimum, refined };
    }
    case 'record':
      return { kind: 'record', key: describeNode(def.keyType!, `${where}{key}`), value: describeNode(def.valueType!, `${where}{}`), partial: internals(def.keyType!).type === 'enum' };
    case 'union':
      return { kind: 'union', options: (def.options ?? []).map((option, index) => describeNode(option, `${where}|${index}`)), message: messageOf(def.error) };
    default:
      throw new Error(`${where}: zod type "${def.type}" has no editor mapping`);
  }
}
