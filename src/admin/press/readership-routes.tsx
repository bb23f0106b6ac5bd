/**
 * GET /admin/press/readership?story=SLUG: a story's readership (ADR 0055), behind the door of all
 * of /admin like the rest of the office view. The counts are read from Analytics Engine's SQL API
 * (or the local stand-in), the story's languages from D1: here, never on a visitor's request.
 */
import { Hono } from 'hono';
import { readershipStoresOf } from '#src/adapters';
import { logFailure } from '#src/log';
import { storyReadership, type ReadershipAnswer } from '#src/press-desk/readership';
import type { AdminEnv } from '../admin-door';
import { officeResponse } from './press-office-headers';
import { READERSHIP_PATH, ReadershipPage } from './readership-page';

export function readershipRoutes(options: { fetch?: typeof fetch } = {}): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.get(READERSHIP_PATH, async (c) => {
    const slug = c.req.query('story')?.trim().slice(0, 200) || null;
    let answer: ReadershipAnswer | null = null;
    if (slug) {
      try {
        answer = await storyReadership(readershipStoresOf(c.env, options.fetch), slug);
      } catch (error) {
        logFailure('readership read failed', { message: (error as Error).message });
        answer = { kind: 'not-configured', problem: 'The counts could not be read just now; try again in a minute.' };
      }
    }
    return officeResponse(c, <ReadershipPage slug={slug} answer={answer} />);
  });
  return app;
}
