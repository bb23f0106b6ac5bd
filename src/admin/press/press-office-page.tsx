/**
 * The press office view's page (/admin/press): a pure view of PressOfficeModel, server-rendered,
 * working without JavaScript (it has none: its buttons are forms that post and come back). Its
 * one stylesheet is inline, allowed by its hash in the page's policy (press-office-headers.ts).
 * Also the short pages the view answers with when it refuses (no Access sign-in, a form from
 * elsewhere).
 */
import type { ReactNode } from 'react';
import { textDirection, toBcp47 } from '#src/i18n/locales';
import type { OfficeStoryGroup, PressOfficeModel } from './press-office-model';
import type { OfficeLift } from './lift-proof-model';
import { downloadsText, figuresText, noticeChangedSomething, noticeText, OFFICE_TEXTS as T, stateText } from './press-office-texts';

/** Where the forms post. */
export const PRESS_OFFICE_PATH = '/admin/press';
export const REVOKE_PATH = '/admin/press/revoke';
export const ROTATE_PATH = '/admin/press/rotate';
export const DISTRIBUTE_PATH = '/admin/press/distribute';
/** The media list's page (media-list-page.tsx) and its forms. */
export const MEDIA_LIST_PATH = '/admin/press/journalists';
export const SAVE_JOURNALIST_PATH = '/admin/press/journalists/save';
export const REMOVE_FROM_LIST_PATH = '/admin/press/journalists/remove-from-list';
export const DELETE_JOURNALIST_PATH = '/admin/press/journalists/delete';

export const OFFICE_STYLESHEET = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:80rem;padding:1rem;color:#1a1a1a;background:#fff}
h1{margin:0 0 .25rem}h2{margin-top:2rem;border-bottom:2px solid #1a1a1a}h3{margin-bottom:.5rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}caption{text-align:left;font-weight:600}
th,td{border:1px solid #999;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#eee}
article{border:1px solid #999;padding:0 1rem 1rem;margin:1rem 0}
form{margin:0}button{font:inherit;padding:.2rem .6rem;cursor:pointer}
.notice{padding:.5rem 1rem;border:2px solid}.notice-done{border-color:#1b6e2d;background:#e8f5eb}.notice-refused{border-color:#a4262c;background:#fbeaea}
.revoked{color:#a4262c}.help{font-size:.9rem;color:#444}
fieldset{border:1px dashed #999;margin-top:1rem}
label{display:inline-block;margin:.25rem 1rem .25rem 0}ul.lists{list-style:none;margin:0;padding:0}ul.lists li{margin:.2rem 0}`;

export function OfficeDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: OFFICE_STYLESHEET }} />
      </head>
      <body>{children}</body>
    </html>
  );
}

/** Content in its own language. */
const inLanguage = (locale: string) => ({ lang: toBcp47(locale), dir: textDirection(locale) });

function StoryGroup({ group, lists }: { group: OfficeStoryGroup; lists: PressOfficeModel['mediaLists'] }) {
  const lead = group.translations[0]!;
  const headingId = `story-${group.slug}`;
  return (
    <article aria-labelledby={headingId}>
      <h3 id={headingId} {...inLanguage(lead.locale)}>
        {lead.title}
      </h3>
      <table>
        <caption>{T.translationsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.language}</th>
            <th scope="col">{T.storyTitle}</th>
            <th scope="col">{T.address}</th>
            <th scope="col">{T.state}</th>
          </tr>
        </thead>
        <tbody>
          {group.translations.map((translation) => (
            <tr key={translation.locale}>
              <td>{translation.locale}</td>
              <td {...inLanguage(translation.locale)}>{translation.title}</td>
              <td>{translation.slug}</td>
              <td>{stateText(translation.state)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h4>{T.recipientsHeading}</h4>
      {group.recipients.length === 0 ? (
        <p>{T.noRecipients(group.slug)}</p>
      ) : (
        <>
          <table className="recipients">
            <caption>{T.recipientsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.name}</th>
                <th scope="col">{T.outlet}</th>
                <th scope="col">{T.email}</th>
                <th scope="col">{T.language}</th>
                {group.translations.map((translation) => (
                  <th scope="col" key={translation.locale}>
                    {T.openedIn(translation.locale)}
                  </th>
                ))}
                <th scope="col">{T.downloadsColumn}</th>
                <th scope="col">{T.action}</th>
              </tr>
            </thead>
            <tbody>
              {group.recipients.map((recipient) => (
                <tr key={recipient.email} data-recipient={recipient.email}>
                  <th scope="row">{recipient.name}</th>
                  <td>{recipient.outlet}</td>
                  <td>{recipient.email}</td>
                  <td>{recipient.language}</td>
                  {recipient.links.map((link) => (
                    <td key={link.locale} className={link.figures.kind === 'revoked' ? 'revoked' : undefined}>
                      {figuresText(link.figures)}
                    </td>
                  ))}
                  <td>{downloadsText(recipient.downloads)}</td>
                  <td>
                    {recipient.hasOpenLink ? (
                      <form method="post" action={REVOKE_PATH}>
                        <input type="hidden" name="story" value={group.slug} />
                        <input type="hidden" name="email" value={recipient.email} />
                        <button type="submit">{T.revoke(recipient.name)}</button>
                      </form>
                    ) : (
                      T.alreadyRevoked
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="help">{T.downloadsHelp}</p>
          <p className="help">{T.revokeHelp}</p>
        </>
      )}

      <form method="post" action={ROTATE_PATH}>
        <input type="hidden" name="story" value={group.slug} />
        <button type="submit">{T.rotate}</button>
      </form>
      <p className="help">{T.rotateHelp(group.slug)}</p>

      <form method="post" action={DISTRIBUTE_PATH}>
        <fieldset>
          <legend>{T.distributeHeading}</legend>
          <input type="hidden" name="story" value={group.slug} />
          {lists.length === 0 ? (
            <p>{T.noLists}</p>
          ) : (
            <label>
              {T.distributeList}{' '}
              <select name="list">
                {lists.map((list) => (
                  <option key={list.name} value={list.name}>
                    {T.listOption(list.name, list.members)}
                  </option>
                ))}
              </select>
            </label>
          )}{' '}
          {lists.length > 0 && <button type="submit">{T.distributeButton}</button>}
          <p className="help">{T.distributeHelp(group.slug)}</p>
        </fieldset>
      </form>
    </article>
  );
}

/** One lift's proof: each surface, when the worker first saw the story there, or missing. */
function LiftProofTable({ lift }: { lift: OfficeLift }) {
  return (
    <table className="lift-proof" data-lift={lift.slug}>
      <caption>{T.liftCaption(lift.slug, lift.locale, lift.liftedAt, lift.missing, lift.lines.length)}</caption>
      <thead>
        <tr>
          <th scope="col">{T.surface}</th>
          <th scope="col">{T.firstSeen}</th>
          <th scope="col">{T.afterLift}</th>
          <th scope="col">{T.address}</th>
        </tr>
      </thead>
      <tbody>
        {lift.lines.map((line) => (
          <tr key={line.surface} data-surface={line.surface} className={line.firstSeen === null ? 'revoked' : undefined}>
            <th scope="row">{line.surface}</th>
            <td>{line.firstSeen ?? T.missing(line.late)}</td>
            <td>{line.secondsAfter === null ? '' : T.secondsAfter(line.secondsAfter)}</td>
            <td>{line.address}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PressOfficePage({ model }: { model: PressOfficeModel }) {
  return (
    <OfficeDocument title={T.title}>
      <header>
        <h1>{T.title}</h1>
        <p>
          {model.signedInAs ? T.signedInAs(model.signedInAs) : T.signedIn} {T.timesIn(model.timeZone)}
        </p>
        <nav>
          <a href={MEDIA_LIST_PATH}>{T.mediaListLink}</a> · <a href="/admin/press/inquiries">Inquiries from journalists</a> · <a href="/admin/press/readership">Readership</a>
        </nav>
      </header>
      <main>
        {model.notice && (
          <p role="status" className={`notice ${noticeChangedSomething(model.notice) ? 'notice-done' : 'notice-refused'}`}>
            {noticeText(model.notice)}
          </p>
        )}
        {!model.imported && <p>{T.notImported}</p>}

        <section aria-labelledby="stories">
          <h2 id="stories">{T.storiesHeading}</h2>
          {model.groups.length === 0 ? <p>{T.noStories}</p> : model.groups.map((group) => <StoryGroup key={group.slug} group={group} lists={model.mediaLists} />)}
        </section>

        <section aria-labelledby="alerts">
          <h2 id="alerts">{T.alertsHeading}</h2>
          {model.alerts.length === 0 ? (
            <p>{T.noAlerts}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{T.alertStory}</th>
                  <th scope="col">{T.wentLive}</th>
                  <th scope="col">{T.sent}</th>
                  <th scope="col">{T.waiting}</th>
                  <th scope="col">{T.failed}</th>
                  <th scope="col">{T.state}</th>
                </tr>
              </thead>
              <tbody>
                {model.alerts.map((alert, index) => (
                  <tr key={index}>
                    <td {...(alert.locale ? inLanguage(alert.locale) : {})}>{alert.title ?? T.removedStory}</td>
                    <td>{alert.liveAt}</td>
                    <td>{alert.sent}</td>
                    <td>{alert.waiting}</td>
                    <td>{alert.failed}</td>
                    <td>{T.alertProgress(alert)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="lifts">
          <h2 id="lifts">{T.liftsHeading}</h2>
          {model.lifts.length === 0 ? <p>{T.noLifts}</p> : model.lifts.map((lift) => <LiftProofTable key={`${lift.slug} ${lift.liftedAt}`} lift={lift} />)}
        </section>

        <section aria-labelledby="mails">
          <h2 id="mails">{T.mailsHeading}</h2>
          {!model.mailLeavesOutbox && <p className="help">{T.noEmailApi}</p>}
          {model.mails.length === 0 ? (
            <p>{T.noMails}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{T.mailTo}</th>
                  <th scope="col">{T.mailSubject}</th>
                  <th scope="col">{T.mailWritten}</th>
                  <th scope="col">{T.state}</th>
                </tr>
              </thead>
              <tbody>
                {model.mails.map((mail, index) => (
                  <tr key={index}>
                    <td>{mail.to}</td>
                    <td>{mail.subject}</td>
                    <td>{mail.createdAt}</td>
                    <td>{T.mailState(mail.state, mail.at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </main>
    </OfficeDocument>
  );
}

/** A short page in place of the view: why it is not shown, nothing of its content. */
export function OfficeRefusalPage({ title, text }: { title: string; text: string }) {
  return (
    <OfficeDocument title={title}>
      <main>
        <h1>{title}</h1>
        <p>{text}</p>
      </main>
    </OfficeDocument>
  );
}
