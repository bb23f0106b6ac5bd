/** The Workers entry point: the only default export, because the runtime requires one. */
import { createApp } from './app';

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<CloudflareBindings>;
