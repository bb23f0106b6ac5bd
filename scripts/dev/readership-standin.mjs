// A local stand-in for Workers Analytics Engine (docs/decisions/0055-readership-at-the-edge.md):
// Miniflare's dataset binding accepts `writeDataPoint` and drops it, so `npm start` and the tests
// point READERSHIP_STANDIN_URL here. It does two things, as a fetch handler (workerd and Node alike):
//
//   POST /__readership/points   {dataset, point: {indexes, blobs, doubles}}: records the point,
//                               timestamped now, with a _sample_interval of 1 (nothing sampled)
//   POST /client/v4/accounts/{id}/analytics_engine/sql   with `Authorization: Bearer …`, the SQL
//                               as the body: answers as the SQL API does, {meta, data, rows,
//                               rows_before_limit_at_least}
//
// It is not a SQL engine: it evaluates exactly the query src/domain/readership-query.ts builds
// (sums of _sample_interval by day, slug, form, class, agent and referrer, over the last N days,
// for a list of slugs) and answers 400 to anything else, so a change of that query fails here first.

const WRITE_PATH = '/__readership/points';
const SQL_PATH = /^\/client\/v4\/accounts\/[^/]+\/analytics_engine\/sql$/;
const QUERY =
  /^SELECT toStartOfDay\(timestamp\) AS day, index1 AS slug, blob1 AS form, blob2 AS class, blob3 AS agent, blob4 AS referrer, SUM\(_sample_interval\) AS requests FROM ([A-Za-z_][A-Za-z0-9_]*) WHERE timestamp >= NOW\(\) - INTERVAL '(\d+)' DAY AND index1 IN \((.+)\) GROUP BY day, slug, form, class, agent, referrer ORDER BY day FORMAT JSON$/;
const LITERAL = /'((?:[^'\\]|\\.)*)'\s*(?:,\s*|$)/y;

const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const sqlError = (message) => new Response(message, { status: 400, headers: { 'Content-Type': 'text/plain' } });

/** The quoted slugs of the IN list, or null. */
function literals(list) {
  const values = [];
  LITERAL.lastIndex = 0;
  while (LITERAL.lastIndex < list.length) {
    const match = LITERAL.exec(list);
    if (!match) return null;
    values.push(match[1].replace(/\\(.)/g, '$1'));
  }
  return values;
}

/** `YYYY-MM-DD 00:00:00`, as toStartOfDay prints a DateTime in UTC. */
const startOfDay = (ms) => `${new Date(ms).toISOString().slice(0, 10)} 00:00:00`;

/**
 * A stand-in with its points in memory (`points`, oldest first); `onPoint` sees each new one (the
 * Node server appends it to a file). `now` is the clock in ms (tests may move it).
 */
export function createReadershipStandin({ points = [], onPoint = () => {}, now = () => Date.now() } = {}) {
  const standin = {
    points,
    /** Records a point as the binding would store it. */
    record(dataset, point, timestamp = now()) {
      const entry = { dataset, timestamp, indexes: point.indexes ?? [], blobs: point.blobs ?? [], doubles: point.doubles ?? [], sampleInterval: 1 };
      points.push(entry);
      onPoint(entry);
      return entry;
    },
    /** The SQL API's answer to `sql` (throws nothing: a query it does not know is a 400). */
    query(sql) {
      const match = QUERY.exec(sql.trim());
      if (!match) return sqlError('The readership stand-in evaluates only the query of src/domain/readership-query.ts.');
      const [, dataset, days, list] = match;
      const slugs = literals(list);
      if (!slugs) return sqlError('Malformed IN list.');
      const since = now() - Number(days) * 86_400_000;
      const sums = new Map();
      for (const point of points) {
        if (point.dataset !== dataset || point.timestamp < since || !slugs.includes(point.indexes[0])) continue;
        const row = { day: startOfDay(point.timestamp), slug: point.indexes[0], form: point.blobs[0] ?? '', class: point.blobs[1] ?? '', agent: point.blobs[2] ?? '', referrer: point.blobs[3] ?? '' };
        const key = JSON.stringify(row);
        sums.set(key, { ...row, requests: (sums.get(key)?.requests ?? 0) + point.sampleInterval });
      }
      // 64-bit integers come quoted in ClickHouse's JSON output; the reader takes either.
      const data = [...sums.values()].sort((a, b) => a.day.localeCompare(b.day)).map((row) => ({ ...row, requests: String(row.requests) }));
      const meta = ['day:DateTime', 'slug:String', 'form:String', 'class:String', 'agent:String', 'referrer:String', 'requests:UInt64'].map((column) => {
        const [name, type] = column.split(':');
        return { name, type };
      });
      return json({ meta, data, rows: data.length, rows_before_limit_at_least: data.length });
    },
    /** The stand-in as a fetch function. */
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const { pathname } = new URL(request.url);
      if (request.method === 'POST' && pathname === WRITE_PATH) {
        const body = await request.json().catch(() => null);
        if (!body || typeof body.dataset !== 'string' || typeof body.point !== 'object') return json({ error: 'expected {dataset, point}' }, 400);
        standin.record(body.dataset, body.point);
        return new Response(null, { status: 204 });
      }
      if (request.method === 'POST' && SQL_PATH.test(pathname)) {
        if (!/^Bearer \S+$/.test(request.headers.get('Authorization') ?? '')) return json({ errors: [{ code: 10000, message: 'Authentication error' }], success: false }, 401);
        return standin.query(await request.text());
      }
      return new Response('Not found', { status: 404 });
    },
  };
  return standin;
}
