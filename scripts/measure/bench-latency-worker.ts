/**
 * The benchmark's worker entry when it adds latency (`npm run bench -- --d1-latency N
 * --search-latency M`): the real worker, handed bindings slowed by scripts/measure/bench-latency.ts.
 * The wrapped bindings are made once per bindings object, so the worker's per-isolate caches
 * (keyed on it) behave as in production.
 */
import worker from '#src/worker';
import { benchLatencyOf, withLatency } from './bench-latency';

const slowed = new WeakMap<CloudflareBindings, CloudflareBindings>();

function slow(env: CloudflareBindings): CloudflareBindings {
  let wrapped = slowed.get(env);
  if (!wrapped) {
    wrapped = withLatency(env, benchLatencyOf(env as unknown as Record<string, unknown>));
    slowed.set(env, wrapped);
  }
  return wrapped;
}

export default {
  fetch: (request, env, ctx) => worker.fetch(request, slow(env), ctx),
  scheduled: (controller, env, ctx) => worker.scheduled(controller, slow(env), ctx),
  queue: (batch, env, ctx) => worker.queue(batch, slow(env), ctx),
} satisfies ExportedHandler<CloudflareBindings>;
