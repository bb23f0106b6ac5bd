// Request input at the edge (src/http/validate.ts): the shared schemas as tables, and the
// validators in a small Hono app, where a refusal must become the domain's error (404 on a page,
// 400 {message} on the API) and an unreadable body must never become a 500.
import { Hono } from 'hono';
import { expect, test } from 'vitest';
import * as z from 'zod/mini';
import { InvalidInputError, NotFoundError } from '#src/domain/errors';
import { pageParam, pageQuery } from '#src/http/page-param';
import { SearchParamsSchema } from '#src/routes/search';
import { badRequest, firstValue, formBody, formText, jsonBody, validate } from '#src/http/validate';

test.each([
  ['absent', undefined, 1],
  ['2', '2', 2],
  ['the first of two', ['3', '1'], 3],
  ['the largest page', '100000', 100_000],
])('?page= %s reads as page %s', (_name, value, expected) => {
  expect(z.safeParse(pageParam, value)).toEqual({ success: true, data: expected });
});

test.each([['0'], ['-1'], ['01'], ['1e3'], ['1.5'], [''], ['abc'], ['100001'], ['9999999']])('?page=%s names no page', (value) => {
  expect(z.safeParse(pageParam, value).success).toBe(false);
});

test.each([
  ['nothing', {}, { query: '', category: null, year: null, month: null, page: 1, categoryQuery: '' }],
  ['every filter', { query: 'wind', category: 'energy', year: '2026', month: '11', page: '2', category_query: ' ene ' }, { query: 'wind', category: 'energy', year: 2026, month: 11, page: 2, categoryQuery: 'ene' }],
  ['malformed filters, ignored', { category: '', year: '26', month: '13' }, { query: '', category: null, year: null, month: null, page: 1, categoryQuery: '' }],
  ['a year that is not a whole number', { year: '2026.5', month: 'x' }, { query: '', category: null, year: null, month: null, page: 1, categoryQuery: '' }],
  ['repeated parameters: the first', { query: ['a', 'b'], year: ['2025', '2026'] }, { query: 'a', category: null, year: 2025, month: null, page: 1, categoryQuery: '' }],
  ['a long query, cut', { query: 'q'.repeat(1200) }, { query: 'q'.repeat(1000), category: null, year: null, month: null, page: 1, categoryQuery: '' }],
])('search parameters: %s', (_name, query, expected) => {
  expect(z.parse(SearchParamsSchema, query)).toEqual(expected);
});

test('a wrong search page names no page', () => {
  expect(z.safeParse(SearchParamsSchema, { page: '0' }).success).toBe(false);
});

test.each([
  ['text', 'a@b.org', 'a@b.org'],
  ['absent', undefined, ''],
  ['repeated', ['a', 'b'], ''],
  ['a file', new File(['x'], 'x.txt'), ''],
])('a form field given %s reads as %j', (_name, value, expected) => {
  expect(z.parse(formText, value)).toBe(expected);
});

test('firstValue reads the first of repeated values and passes single ones through', () => {
  const schema = firstValue(z.string());
  expect(z.parse(schema, ['a', 'b'])).toBe('a');
  expect(z.parse(schema, 'c')).toBe('c');
});

/** The app's error mapping, reduced to what these validators can throw. */
function appWith(routes: (app: Hono) => void): Hono {
  const app = new Hono();
  routes(app);
  app.onError((error, c) => {
    if (error instanceof NotFoundError) return c.text('not found', 404);
    if (error instanceof InvalidInputError) return c.json({ message: error.message }, 400);
    return c.text(`unexpected: ${String(error)}`, 500);
  });
  return app;
}

test('a page whose query does not fit is a 404; one that fits reaches the handler', async () => {
  const app = appWith((app) => app.get('/list', pageQuery, (c) => c.text(String(c.req.valid('query').page))));
  expect((await app.request('/list?page=0')).status).toBe(404);
  expect(await (await app.request('/list?page=4&page=9')).text()).toBe('4');
});

test('an API query that does not fit is a 400 naming the field', async () => {
  const app = appWith((app) => app.get('/q', validate('query', z.object({ query: firstValue(z.string().check(z.maxLength(3))) }), badRequest), (c) => c.text('ok')));
  const response = await app.request('/q?query=abcdef');
  expect(response.status).toBe(400);
  expect(((await response.json()) as { message: string }).message).toMatch(/^query: /);
});

const Body = z.strictObject({ page: z.optional(z.int()) });

test.each([
  ['malformed JSON', 'application/json', '{', 'The request body must be JSON'],
  ['JSON sent as text', 'text/plain', '{"page":1}', 'The request body must be JSON'],
  ['no object', 'application/json', '[]', /^body: /],
  ['an unknown field', 'application/json', '{"x":1}', /^body: |^x/],
  ['a wrong type', 'application/json', '{"page":"2"}', /^page: /],
])('a JSON body with %s is a 400 {message}', async (_name, type, body, message) => {
  const app = appWith((app) => app.post('/api', jsonBody(Body), (c) => c.json(c.req.valid('json'))));
  const response = await app.request('/api', { method: 'POST', headers: { 'Content-Type': type }, body });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { message: string }).message).toMatch(message);
});

test('a JSON body that fits reaches the handler', async () => {
  const app = appWith((app) => app.post('/api', jsonBody(Body), (c) => c.json(c.req.valid('json'))));
  const response = await app.request('/api', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"page":2}' });
  expect(await response.json()).toEqual({ page: 2 });
});

test.each([
  ['a readable form', 'application/x-www-form-urlencoded', 'email=a%40b.org', 'a@b.org'],
  ['a broken multipart body', 'multipart/form-data; boundary=x', '--x\r\nbroken', ''],
  ['JSON instead of a form', 'application/json', '{"email":"a@b.org"}', ''],
])('%s is read as a form, never a 500', async (_name, type, body, email) => {
  const app = appWith((app) => app.post('/form', formBody(z.object({ email: formText })), (c) => c.text(`email=${c.req.valid('form').email}`)));
  const response = await app.request('/form', { method: 'POST', headers: { 'Content-Type': type }, body });
  expect([response.status, await response.text()]).toEqual([200, `email=${email}`]);
});
