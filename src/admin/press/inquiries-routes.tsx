/**
 * The office's inquiry inbox (docs/decisions/0054-the-inquiry-inbox.md), mounted in src/app.tsx
 * beside the press office view, behind the door of all of /admin (Access; cross-site posts
 * refused there), never in the page cache:
 *
 *   GET  /admin/press/inquiries                the list, open first by deadline
 *   GET  /admin/press/inquiries/:uuid          one inquiry, its answers, the answer form
 *   POST /admin/press/inquiries/:uuid/answer   answer: mailed to the journalist through the outbox, kept
 *   POST /admin/press/inquiries/:uuid/status   status=closed|open
 *
 * A post answers 303 back to the inquiry's page with a notice. The work is the press desk's
 * (src/press-desk/inquiries.ts), which `npm run inquiries` runs too.
 */
import { Hono, type Context } from 'hono';
import { configOf } from '#src/env';
import { logEvent } from '#src/log';
import { requestBodyLimit } from '#src/middleware/request-limits';
import { inquiryStoreOf } from '#src/adapters';
import { sendJobs } from '#src/domain/job-messages';
import type { JobQueue } from '#src/domain/job-messages';
import { answerInquiry, listInquiries, setInquiryStatus } from '#src/press-desk/inquiries';
import { redirect } from '#src/http/redirect';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { NotFoundError } from '#src/domain/errors';
import type { AdminEnv } from '../admin-door';
import { officeResponse } from './press-office-headers';
import { INQUIRIES_PATH, inquiryPath } from '#src/domain/inquiry';
import { InquiriesPage, InquiryPage, readInquiryNotice, type InquiryNotice } from './inquiries-page';

const nowInSeconds = () => Math.floor(Date.now() / 1000);

async function postedText(c: Context<AdminEnv>, name: string): Promise<string> {
  try {
    const value = (await c.req.parseBody())[name];
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

function back(c: Context<AdminEnv>, uuid: string, action: string, notice: Exclude<InquiryNotice, null>): Response {
  logEvent('press_office_action', { action, outcome: notice, by: c.var.person.email });
  return redirect(c, `${notice === 'not-found' ? INQUIRIES_PATH : inquiryPath(uuid)}?notice=${notice}`, 303, { ...PRIVATE_PAGE_HEADERS });
}

export function inquiryOffice(): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get(INQUIRIES_PATH, async (c) => {
    const config = configOf(c.env);
    const inquiries = await listInquiries(inquiryStoreOf(c.env));
    const model = { inquiries, timeZone: 'UTC', signedInAs: c.var.person.email, retentionDays: config.inquiries.retentionDays, notice: readInquiryNotice(c.req.query('notice')) };
    return officeResponse(c, <InquiriesPage model={model} />);
  });

  app.get(`${INQUIRIES_PATH}/:uuid`, async (c) => {
    const found = await inquiryStoreOf(c.env).find(c.req.param('uuid'));
    if (!found) throw new NotFoundError('Inquiry');
    const { inquiry, answers } = found;
    const aboutHref = inquiry.about.kind === 'newsroom' ? null : inquiry.about.path;
    return officeResponse(c, <InquiryPage model={{ inquiry, answers, timeZone: 'UTC', notice: readInquiryNotice(c.req.query('notice')), aboutHref }} />);
  });

  app.post(`${INQUIRIES_PATH}/:uuid/answer`, requestBodyLimit, async (c) => {
    const uuid = c.req.param('uuid');
    const outcome = await answerInquiry(inquiryStoreOf(c.env), uuid, await postedText(c, 'answer'), c.var.person.email, nowInSeconds());
    // The mail goes now rather than at the next minute's cron.
    if (outcome === 'answered' && configOf(c.env).emailApi) await sendJobs(c.env.JOBS as JobQueue, [{ kind: 'deliver-mail' }]);
    return back(c, uuid, 'answer-inquiry', outcome);
  });

  app.post(`${INQUIRIES_PATH}/:uuid/status`, requestBodyLimit, async (c) => {
    const uuid = c.req.param('uuid');
    const status = (await postedText(c, 'status')) === 'open' ? 'open' : 'closed';
    const changed = await setInquiryStatus(inquiryStoreOf(c.env), uuid, status, nowInSeconds());
    return back(c, uuid, status === 'closed' ? 'close-inquiry' : 'reopen-inquiry', changed ? (status === 'closed' ? 'closed' : 'reopened') : 'not-found');
  });

  return app;
}
