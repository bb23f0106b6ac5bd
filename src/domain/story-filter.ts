/**
 * `filterQuery` of POST /api/fetch-stories (docs/spec-coverage.md section 7): the documented subset of Prezly's
 * query shape this newsroom answers. Each field takes a list under `$in` or `$any` (the same
 * meaning here: the story matches any value of the list), and the fields combine with AND:
 *
 *   { "category.id": { "$any": [1, 2] }, "tags.name": { "$in": ["wind"] }, "locale": { "$in": ["en", "fr"] } }
 *
 * Anything else is refused with a message naming the part that is not supported: a filter that
 * silently matched more than asked would publish the wrong list.
 */
import { InvalidInputError } from './errors';

export const FILTER_FIELDS = ['category.id', 'tags.name', 'locale'] as const;
export const FILTER_OPERATORS = ['$in', '$any'] as const;
/** A list longer than this is refused: no page needs it, and each value costs the query. */
export const MAX_FILTER_VALUES = 50;

export interface StoryFilter {
  readonly categoryIds: readonly number[] | null;
  readonly tags: readonly string[] | null;
  readonly locales: readonly string[] | null;
}

export const NO_FILTER: StoryFilter = { categoryIds: null, tags: null, locales: null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(field: string, condition: unknown): unknown[] {
  const where = `filterQuery.${field}`;
  if (!isRecord(condition)) throw new InvalidInputError(`${where}: must be an object such as {"$in": [...]}`);
  const operators = Object.keys(condition);
  const unsupported = operators.find((operator) => !(FILTER_OPERATORS as readonly string[]).includes(operator));
  if (unsupported !== undefined) throw new InvalidInputError(`${where}: operator "${unsupported}" is not supported (supported: ${FILTER_OPERATORS.join(', ')})`);
  if (operators.length !== 1) throw new InvalidInputError(`${where}: give one operator (${FILTER_OPERATORS.join(' or ')})`);
  const values = condition[operators[0]!];
  if (!Array.isArray(values) || values.length === 0) throw new InvalidInputError(`${where}.${operators[0]}: must be a non-empty list`);
  if (values.length > MAX_FILTER_VALUES) throw new InvalidInputError(`${where}.${operators[0]}: at most ${MAX_FILTER_VALUES} values`);
  return values;
}

/** The filter a `filterQuery` asks for, or InvalidInputError naming what is not supported. */
export function parseStoryFilter(query: Record<string, unknown> | null | undefined): StoryFilter {
  if (!query) return NO_FILTER;
  const unsupported = Object.keys(query).find((field) => !(FILTER_FIELDS as readonly string[]).includes(field));
  if (unsupported !== undefined) throw new InvalidInputError(`filterQuery: "${unsupported}" is not supported (supported: ${FILTER_FIELDS.join(', ')})`);
  const field = <T>(name: (typeof FILTER_FIELDS)[number], valid: (value: unknown) => value is T, what: string): T[] | null => {
    if (!(name in query)) return null;
    const values = listOf(name, query[name]);
    if (!values.every(valid)) throw new InvalidInputError(`filterQuery.${name}: values must be ${what}`);
    return [...new Set(values)];
  };
  return {
    categoryIds: field('category.id', (value): value is number => Number.isSafeInteger(value) && (value as number) > 0, 'category ids (positive whole numbers)'),
    tags: field('tags.name', (value): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200, 'tag names'),
    locales: field('locale', (value): value is string => typeof value === 'string' && value.length > 0 && value.length <= 16, 'locale codes'),
  };
}

export function isFiltered(filter: StoryFilter): boolean {
  return filter.categoryIds !== null || filter.tags !== null || filter.locales !== null;
}
