/**
 * The press office's media list page (/admin/press/journalists): a pure view of MediaListModel,
 * server-rendered, without JavaScript (filter, edit and delete are plain forms; editing opens in a
 * <details>). Same document, stylesheet and headers as the press office page.
 */
import type { JournalistRecord } from '#src/domain/press-desk-ports';
import type { MediaListModel } from './media-list-model';
import { DELETE_JOURNALIST_PATH, MEDIA_LIST_PATH, OfficeDocument, PRESS_OFFICE_PATH, REMOVE_FROM_LIST_PATH, SAVE_JOURNALIST_PATH } from './press-office-page';
import { fieldLabel, mediaListNoticeChangedSomething, mediaListNoticeText, OFFICE_TEXTS as T } from './press-office-texts';

/** The fields of `npm run press -- add`, filled with a journalist's record to update it, or empty to add one. */
function JournalistFields({ journalist, languages, defaultLanguage }: { journalist: JournalistRecord | null; languages: readonly string[]; defaultLanguage: string }) {
  return (
    <>
      <label>
        {fieldLabel('email')} {T.required}{' '}
        {journalist ? <input type="email" name="email" defaultValue={journalist.email} readOnly required /> : <input type="email" name="email" autoComplete="off" required />}
      </label>
      <label>
        {fieldLabel('name')} {T.required} <input type="text" name="name" defaultValue={journalist?.name ?? ''} maxLength={200} required />
      </label>
      <label>
        {fieldLabel('outlet')} <input type="text" name="outlet" defaultValue={journalist?.outlet ?? ''} maxLength={200} />
      </label>
      <label>
        {fieldLabel('language')}{' '}
        <select name="language" defaultValue={journalist?.language ?? defaultLanguage}>
          {languages.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <label>
        {fieldLabel('timeZone')} <input type="text" name="timeZone" defaultValue={journalist?.timeZone ?? ''} placeholder="Europe/Paris" />
      </label>
      <label>
        {fieldLabel('lists')} <input type="text" name="lists" defaultValue="" />
      </label>
      <p className="help">
        {T.languageHelp} {T.timeZoneHelp} {T.listsHelp}
      </p>
    </>
  );
}

function JournalistRow({ journalist, model }: { journalist: JournalistRecord; model: MediaListModel }) {
  return (
    <tr data-journalist={journalist.email}>
      <th scope="row">{journalist.name}</th>
      <td>{journalist.email}</td>
      <td>{journalist.outlet}</td>
      <td>{journalist.language}</td>
      <td>{journalist.timeZone ?? T.newsroomZone}</td>
      <td>
        {journalist.lists.length === 0 ? (
          T.noList
        ) : (
          <ul className="lists">
            {journalist.lists.map((list) => (
              <li key={list}>
                {list}{' '}
                <form method="post" action={REMOVE_FROM_LIST_PATH}>
                  <input type="hidden" name="email" value={journalist.email} />
                  <input type="hidden" name="list" value={list} />
                  <button type="submit">{T.takeOff(list)}</button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <details>
          <summary>{T.edit(journalist.name)}</summary>
          <form method="post" action={SAVE_JOURNALIST_PATH}>
            <JournalistFields journalist={journalist} languages={model.languages} defaultLanguage={model.defaultLanguage} />
            <button type="submit">{T.updateButton}</button>
          </form>
          <form method="post" action={DELETE_JOURNALIST_PATH}>
            <input type="hidden" name="email" value={journalist.email} />
            <p className="help">{T.deleteHelp}</p>
            <button type="submit">{T.deleteButton(journalist.name)}</button>
          </form>
        </details>
      </td>
    </tr>
  );
}

export function MediaListPage({ model }: { model: MediaListModel }) {
  return (
    <OfficeDocument title={T.mediaListTitle}>
      <header>
        <h1>{T.mediaListTitle}</h1>
        <p>{model.signedInAs ? T.signedInAs(model.signedInAs) : T.signedIn}</p>
        <nav>
          <a href={PRESS_OFFICE_PATH}>{T.backToOffice}</a>
        </nav>
      </header>
      <main>
        {model.notice && (
          <p role="status" className={`notice ${mediaListNoticeChangedSomething(model.notice) ? 'notice-done' : 'notice-refused'}`}>
            {mediaListNoticeText(model.notice)}
          </p>
        )}
        <p>{T.mediaListIntro}</p>
        <p className="help">{T.csvByCli}</p>

        <section aria-labelledby="journalists">
          <h2 id="journalists">{T.journalistsCaption(model.unknownFilter ? null : model.filter, model.journalists.length)}</h2>
          <form method="get" action={MEDIA_LIST_PATH}>
            <fieldset>
              <legend>{T.filterLegend}</legend>
              <label>
                {T.filterList}{' '}
                <select name="list" defaultValue={model.unknownFilter ? '' : (model.filter ?? '')}>
                  <option value="">{T.filterEveryone}</option>
                  {model.lists.map((list) => (
                    <option key={list.name} value={list.name}>
                      {T.listOption(list.name, list.members)}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <button type="submit">{T.filterButton}</button>
            </fieldset>
          </form>
          {model.unknownFilter ? (
            <p>{T.unknownFilter}</p>
          ) : model.journalists.length === 0 ? (
            <p>{T.noJournalists}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{T.name}</th>
                  <th scope="col">{T.email}</th>
                  <th scope="col">{T.outlet}</th>
                  <th scope="col">{T.language}</th>
                  <th scope="col">{T.timeZone}</th>
                  <th scope="col">{T.lists}</th>
                  <th scope="col">{T.action}</th>
                </tr>
              </thead>
              <tbody>
                {model.journalists.map((journalist) => (
                  <JournalistRow key={journalist.email} journalist={journalist} model={model} />
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="save-journalist">
          <h2 id="save-journalist">{T.saveHeading}</h2>
          <p className="help">{T.saveHelp}</p>
          <form method="post" action={SAVE_JOURNALIST_PATH}>
            <JournalistFields journalist={null} languages={model.languages} defaultLanguage={model.defaultLanguage} />
            <button type="submit">{T.saveButton}</button>
          </form>
        </section>
      </main>
    </OfficeDocument>
  );
}
