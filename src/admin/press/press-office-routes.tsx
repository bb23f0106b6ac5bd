/**
 * The press office view (docs/decisions/0044-press-office-view.md), mounted in src/app.tsx beside
 * the editor, before the page cache (nothing of it is ever stored there), behind the door of all
 * of /admin (src/admin/admin-door.tsx),
 *
 *   GET  /admin/press          the page (press-office-model.ts, press-office-page.tsx)
 *   POST /admin/press/revoke   story, email: that recipient's links open nothing from now on
 *   POST /admin/press/rotate   story: new links for the story and its translations
 *   POST /admin/press/distribute  story, list: the release mailed to the list under embargo
 *   GET  /admin/press/journalists  the media list, `?list=NAME` one list's (media-list-model.ts, media-list-page.tsx)
 *   POST /admin/press/journalists/save  email, name, outlet, language, timeZone, lists: `npm run press -- add`
 *   POST /admin/press/journalists/remove-from-list  email, list: `npm run press -- remove EMAIL --list LIST`
 *   POST /admin/press/journalists/delete  email: `npm run press -- remove EMAIL`
 *
 * A post answers 303 back to the page, whose notice says what happened (or why nothing did).
 */
import { Hono, type Context } from 'hono';
import { configOf } from '#src/env';
import { logEvent } from '#src/log';
import { requestBodyLimit } from '#src/middleware/request-limits';
import { pressOfficeStoresOf } from '#src/adapters';
import { sendJobs } from '#src/domain/job-messages';
import { redirect } from '#src/http/redirect';
import type { AdminEnv } from '../admin-door';
import { officeResponse } from './press-office-headers';
import { distributeToList, loadPressOffice, noticeFromQuery, noticeQuery, revokeRecipient, rotateStoryLinks, type Notice, type PostedForm } from './press-office-model';
import { deleteJournalist, loadMediaList, mediaListNoticeFromQuery, mediaListNoticeQuery, removeFromList, saveJournalist, type MediaListNotice } from './media-list-model';
import { MediaListPage } from './media-list-page';
import {
  DELETE_JOURNALIST_PATH,
  DISTRIBUTE_PATH,
  MEDIA_LIST_PATH,
  PRESS_OFFICE_PATH,
  PressOfficePage,
  REMOVE_FROM_LIST_PATH,
  REVOKE_PATH,
  ROTATE_PATH,
  SAVE_JOURNALIST_PATH,
} from './press-office-page';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** The form's fields; a body that is not a form is an empty one. */
async function postedForm(c: Context<AdminEnv>): Promise<PostedForm> {
  try {
    return await c.req.parseBody();
  } catch {
    return {};
  }
}

function backToThePage(c: Context<AdminEnv>, action: string, notice: Notice): Response {
  logEvent('press_office_action', { action, outcome: notice.kind, ...('links' in notice ? { links: notice.links } : {}), by: c.var.person.email });
  return redirect(c, `${PRESS_OFFICE_PATH}${noticeQuery(notice)}`, 303, { ...PRIVATE_PAGE_HEADERS });
}

function backToTheMediaList(c: Context<AdminEnv>, action: string, notice: MediaListNotice): Response {
  const counts = notice.kind === 'added' || notice.kind === 'updated' ? { lists: notice.lists } : notice.kind === 'deleted' ? { mails: notice.mails } : {};
  const fields = notice.kind === 'invalid' ? { fields: notice.faults.map((fault) => fault.field).join(',') } : {};
  logEvent('press_office_action', { action, outcome: notice.kind, ...counts, ...fields, by: c.var.person.email });
  return redirect(c, `${MEDIA_LIST_PATH}${mediaListNoticeQuery(notice)}`, 303, { ...PRIVATE_PAGE_HEADERS });
}

export function pressOffice(): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get(PRESS_OFFICE_PATH, async (c) => {
    const model = await loadPressOffice(pressOfficeStoresOf(c.env).office, {
      now: nowInSeconds(),
      signedInAs: c.var.person.email,
      notice: noticeFromQuery({ notice: c.req.query('notice'), links: c.req.query('links') }),
      mailLeavesOutbox: configOf(c.env).emailApi !== null,
    }, pressOfficeStoresOf(c.env).liftProofs);
    return officeResponse(c, <PressOfficePage model={model} />);
  });

  app.post(REVOKE_PATH, requestBodyLimit, async (c) => backToThePage(c, 'revoke', await revokeRecipient(pressOfficeStoresOf(c.env).desk, await postedForm(c), nowInSeconds())));
  app.post(ROTATE_PATH, requestBodyLimit, async (c) =>
    backToThePage(c, 'rotate', await rotateStoryLinks(pressOfficeStoresOf(c.env).desk, await postedForm(c), { origin: configOf(c.env).siteUrl, now: nowInSeconds() })),
  );
  app.post(DISTRIBUTE_PATH, requestBodyLimit, async (c) => {
    const config = configOf(c.env);
    const notice = await distributeToList(pressOfficeStoresOf(c.env).desk, await postedForm(c), { origin: config.siteUrl, now: nowInSeconds() });
    // The mail goes now rather than at the next minute's cron (which would queue it too).
    if (notice.kind === 'distributed' && notice.links > 0 && config.emailApi) await sendJobs(pressOfficeStoresOf(c.env).queue, [{ kind: 'deliver-mail' }]);
    return backToThePage(c, 'distribute', notice);
  });

  app.get(MEDIA_LIST_PATH, async (c) => {
    const model = await loadMediaList(pressOfficeStoresOf(c.env).office, {
      signedInAs: c.var.person.email,
      notice: mediaListNoticeFromQuery({ notice: c.req.query('notice'), lists: c.req.query('lists'), mails: c.req.query('mails'), fields: c.req.query('fields') }),
      list: c.req.query('list'),
    });
    return officeResponse(c, <MediaListPage model={model} />);
  });
  app.post(SAVE_JOURNALIST_PATH, requestBodyLimit, async (c) => backToTheMediaList(c, 'save-journalist', await saveJournalist(pressOfficeStoresOf(c.env).desk, await postedForm(c), nowInSeconds())));
  app.post(REMOVE_FROM_LIST_PATH, requestBodyLimit, async (c) => backToTheMediaList(c, 'remove-from-list', await removeFromList(pressOfficeStoresOf(c.env).desk, await postedForm(c))));
  app.post(DELETE_JOURNALIST_PATH, requestBodyLimit, async (c) => backToTheMediaList(c, 'delete-journalist', await deleteJournalist(pressOfficeStoresOf(c.env).desk, await postedForm(c))));

  return app;
}
