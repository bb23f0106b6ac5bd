/**
 * Request input, checked at the edge by a zod schema through @hono/zod-validator: query strings,
 * forms and JSON bodies alike. Handlers read the checked values with `c.req.valid(target)`. A
 * refusal is one of the domain's errors, so app.onError answers it like any other: on a page, the
 * input names no page (`wrongAddress`, the 404 page); on the API, the caller is told what was
 * wrong (`badRequest`, 400 `{message: "field: why"}`).
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, Next, ValidationTargets } from 'hono';
import * as z from 'zod/mini';
import { InvalidInputError, NotFoundError } from '#src/domain/errors';

export type Refusal = (message: string) => Error;

export const wrongAddress: Refusal = (message) => new NotFoundError(message);
export const badRequest: Refusal = (message) => new InvalidInputError(message);

/** The same message the API has always given: `field: why` (`body: why` for the body itself). */
function describe(issues: readonly z.core.$ZodIssue[], whole: string): string {
  const issue = issues[0]!;
  return `${issue.path.join('.') || whole}: ${issue.message}`;
}

export function validate<Target extends keyof ValidationTargets, S extends z.ZodMiniType>(target: Target, schema: S, refuse: Refusal) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw refuse(describe(result.error.issues, target === 'json' ? 'body' : target));
  });
}

/**
 * A parameter's first value, then `schema`: as every route reads a query (`?page=2&page=3` is
 * page 2; the page cache keys on both, in order) and a form's single-choice fields.
 */
export function firstValue<S extends z.ZodMiniType>(schema: S) {
  return z.pipe(
    z.transform((value: unknown) => (Array.isArray(value) ? value[0] : value)),
    schema,
  );
}

/** A form field a visitor types: its text, or '' when absent, repeated or a file. */
export const formText = z.catch(z.string(), '');

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
const NOT_JSON = 'The request body must be JSON';

/**
 * An API call's JSON body, then `schema`. A body that does not say it is JSON, or does not parse,
 * is a 400 with one message: the validator alone would read a body of another type as `{}`.
 */
export function jsonBody<S extends z.ZodMiniType>(schema: S) {
  const check = validate('json', schema, badRequest);
  return (async (c: Context, next: Next) => {
    if (!JSON_MEDIA_TYPE.test((c.req.header('Content-Type') ?? '').split(';')[0]!.trim())) throw badRequest(NOT_JSON);
    try {
      await c.req.json();
    } catch {
      throw badRequest(NOT_JSON);
    }
    return check(c, next);
  }) as typeof check;
}

/**
 * A posted form, then `schema`, whose fields should each fall back to a value of their own
 * (`formText`): the form's page says what is missing, in the visitor's language. A body that is
 * not a readable form counts as an empty one (a 400 form page, never a 500).
 */
export function formBody<S extends z.ZodMiniType>(schema: S) {
  const check = validate('form', schema, wrongAddress);
  return (async (c: Context, next: Next) => {
    try {
      // Read once here: the validator then finds the parsed form in Hono's body cache.
      await c.req.parseBody({ all: true });
    } catch {
      c.req.bodyCache.formData = new FormData();
    }
    return check(c, next);
  }) as typeof check;
}
