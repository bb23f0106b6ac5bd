/**
 * The language's notices, above the header on every page: a title, a line of text and links, in
 * one labelled region. No live-region role: the notices are part of the page as it loads, and an
 * alert would be announced again on every page of the language.
 */
import type { NewsroomNotification } from '#src/domain/newsroom';
import { useTranslator } from '../contexts';

export function Notifications({ notifications }: { notifications: readonly NewsroomNotification[] }) {
  const { t } = useTranslator();
  if (notifications.length === 0) return null;
  return (
    <section className="notifications" aria-label={t('site.notifications')}>
      {notifications.map((notification, index) => (
        <div key={index} className={`notification notification-${notification.style}`}>
          <div className="container notification-inner">
            <p className="notification-text">
              <strong className="notification-title">{notification.title}</strong>
              {notification.description ? <span className="notification-description">{` ${notification.description}`}</span> : null}
            </p>
            {notification.actions.length > 0 ? (
              <ul className="notification-actions">
                {notification.actions.map((action) => (
                  <li key={`${action.name}-${action.target}`}>
                    <a href={action.target}>{action.name}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ))}
    </section>
  );
}
