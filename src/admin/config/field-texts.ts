/**
 * What the editor says about each field of each content file (docs/content-format.md): its label,
 * its hint, and the widget when the value's kind alone does not decide it (a long text, a media
 * file, a key of another file picked from those that exist). Keyed by the field's path in its file (`theme.accent`, `notifications.actions.name`,
 * list items' fields by the list's name). The generator (editor-config.ts) fails when a schema
 * field has no entry here, and when an entry names no field: the two stay in step.
 */
import type { KeyList } from './key-choices';

/** A field's words, and the widget when the kind alone does not decide it. */
export interface FieldText {
  readonly label: string;
  readonly hint: string;
  /** `text`: several lines; `image`/`file`: a file in media/, picked or uploaded. */
  readonly widget?: 'text' | 'image' | 'file';
  /** The field holds keys of that file: a select of the keys it has (./key-choices.ts). */
  readonly keys?: KeyList;
}

const t = (label: string, hint: string, widget?: FieldText['widget']): FieldText => ({ label, hint, ...(widget ? { widget } : {}) });
const keysOf = (label: string, hint: string, keys: KeyList): FieldText => ({ label, hint, keys });

const SEO_TITLE = t('Search title', 'The title search engines and social networks show; empty: the page title.');
const SEO_DESCRIPTION = t('Search description', 'The description search engines and social networks show; empty: the summary.');

export const FIELD_TEXTS = {
  newsroom: {
    uuid: t('Newsroom id', 'Set once when the newsroom is created; never change it.'),
    url: t('Address', 'The newsroom\'s public address, e.g. https://news.example.com.'),
    display_name: t('Name', 'The newsroom\'s name, shown in the header and in search results.'),
    is_indexable: t('Visible to search engines', 'Off: robots.txt asks every crawler to stay away.'),
    is_plausible_enabled: t('Plausible analytics', 'Count visits with Plausible (no cookies).'),
    plausible_site_id: t('Plausible site', 'The site name in Plausible; empty: the newsroom\'s host.'),
    tracking_policy: t('Tracking policy', 'default: analytics as configured; disabled: none; consent-to-identify: only after the visitor agrees.'),
    segment_analytics_id: t('Event tracking key', 'The write key of the event tracking host; empty: no events.'),
    google_analytics_id: t('Google Analytics id', 'A measurement id such as G-XXXXXXX; empty: off.'),
    google_search_console_key: t('Search Console key', 'The verification key Google Search Console gives; empty: none.'),
    timezone: t('Time zone', 'An IANA time zone such as Europe/Amsterdam: dates are shown, and release times read, in it.'),
    notify_subscribers: t('Alert subscribers', 'Off: no story mails its subscribers when it goes live.'),
    image_credit: t('Default image credit', 'The credit of every image that names none of its own.'),
    image_licence: t('Default image licence', 'The licence of every image that names none of its own.'),
    theme_color: t('Browser colour', 'The colour browsers use around the page, as #rrggbb.'),
    theme: t('Theme', 'The site\'s colours; every text and background pair must keep a 4.5:1 contrast (the import checks it).'),
    'theme.accent': t('Accent', 'Buttons and links, as #rrggbb.'),
    'theme.accent_ink': t('Text on accent', 'Text on accent-coloured buttons, as #rrggbb.'),
    'theme.accent_dark': t('Dark accent', 'The accent on hover, as #rrggbb.'),
    'theme.header_background': t('Header background', 'As #rrggbb.'),
    'theme.header_link': t('Header links', 'As #rrggbb.'),
    'theme.footer_background': t('Footer background', 'As #rrggbb.'),
    'theme.footer_text': t('Footer text', 'As #rrggbb.'),
    'theme.logo_height': t('Logo height', 'In pixels.'),
    onetrust_cookie_consent: t('OneTrust consent banner', 'The cookie consent banner, when the organisation uses OneTrust.'),
    'onetrust_cookie_consent.is_enabled': t('Show the banner', 'On: load OneTrust\'s banner on every page.'),
    'onetrust_cookie_consent.category': t('Analytics category', 'The OneTrust category that allows analytics, e.g. C0002.'),
    'onetrust_cookie_consent.script': t('Banner snippet', 'The script snippet OneTrust gives, pasted whole.', 'text'),
    logo: t('Logo', 'The logo in the header.', 'image'),
    icon: t('Icon', 'The small square icon of browser tabs.', 'image'),
    square_logo: t('Square logo', 'The logo where a square is needed (search results, feeds).', 'image'),
    thumbnail: t('Sharing image', 'The image shown when a page without its own is shared.', 'image'),
    navigation: t('Categories in the header', 'bar: in a row, the rest under "More"; dropdown: in one menu.'),
    show_featured_categories: t('Featured categories on the homepage', 'On: the categories marked featured show as tiles.'),
    content_signals: t('Content signals', 'What robots.txt says the content may be used for.'),
    'content_signals.enabled': t('State them in robots.txt', 'Off: robots.txt states no preference (Lighthouse counts the line as an unknown directive).'),
    'content_signals.search': t('Search', 'Search engines may index and link to it.'),
    'content_signals.ai_input': t('AI answers', 'AI tools may use it to answer questions.'),
    'content_signals.ai_train': t('AI training', 'It may be used to train AI models.'),
    languages: t('Languages', 'The newsroom\'s languages; exactly one is the default (no prefix in addresses).'),
    'languages.code': t('Language code', 'A lower-case code such as en, fr or pt-br.'),
    'languages.is_default': t('Default language', 'On for exactly one language.'),
  },
  company: {
    name: t('Organisation name', 'As shown on the About page and in structured data.'),
    about: t('About', 'A few paragraphs about the organisation.', 'text'),
    address: t('Address', 'The postal address.', 'text'),
    phone: t('Phone', 'The switchboard number, with its country code.'),
    email: t('Email', 'The general address for the press.'),
    website: t('Website', 'The organisation\'s main site, e.g. https://www.example.com.'),
    social: t('Social networks', 'The organisation\'s page on each network; leave empty the ones it has none on.'),
    'social.facebook': t('Facebook', 'An https address.'),
    'social.instagram': t('Instagram', 'An https address.'),
    'social.linkedin': t('LinkedIn', 'An https address.'),
    'social.pinterest': t('Pinterest', 'An https address.'),
    'social.tiktok': t('TikTok', 'An https address.'),
    'social.twitter': t('X (Twitter)', 'An https address.'),
    'social.youtube': t('YouTube', 'An https address.'),
    seo_settings: t('Search settings', 'How this language\'s pages appear in search results.'),
    'seo_settings.meta_title': SEO_TITLE,
    'seo_settings.default_meta_title': t('Default search title', 'Used by pages that have none of their own.'),
    'seo_settings.meta_description': SEO_DESCRIPTION,
    'seo_settings.default_meta_description': t('Default search description', 'Used by pages that have none of their own.'),
    custom_data_request_link: t('Data request link', 'Where readers ask about their personal data, if not through this newsroom.'),
    notifications: t('Notices', 'Shown above the header on every page of this language.'),
    'notifications.style': t('Style', 'success, info, warning or danger.'),
    'notifications.title': t('Title', 'One short line.'),
    'notifications.description': t('Text', 'A sentence or two.', 'text'),
    'notifications.actions': t('Links', 'Buttons under the notice.'),
    'notifications.actions.name': t('Link text', 'What the button says.'),
    'notifications.actions.target': t('Link address', 'An http(s) address, or a path on this site starting with /.'),
    privacy_policy_url: t('Privacy policy address', 'Linked when the newsroom has no privacy policy page of its own.'),
    cookie_policy_url: t('Cookie policy address', 'Linked when the newsroom has no cookie policy page of its own.'),
  },
  categories: {
    key: t('Key', 'How stories name the category (categories: [key]); never change it once used.'),
    i18n: t('Names', 'The category\'s name, address and description in each language.'),
    'i18n.name': t('Name', 'As shown in the menu.'),
    'i18n.slug': t('Address', 'Lower-case letters, digits and single dashes, e.g. wind-power: the category\'s page is then /category/wind-power.'),
    'i18n.description': t('Description', 'Shown on the category\'s page.', 'text'),
    featured: t('Featured', 'A tile on the homepage (when the newsroom shows featured categories).'),
    image: t('Image', 'The tile\'s image.', 'image'),
  },
  contacts: {
    key: t('Key', 'How stories name the contact (contacts: [key]); never change it once used.'),
    name: t('Name', 'The person\'s full name.'),
    description: t('Role', 'E.g. Head of communications.'),
    company: t('Organisation', 'When it is not the newsroom\'s own.'),
    email: t('Email', 'Shown on the press page and in vCards.'),
    phone: t('Phone', 'With its country code.'),
    mobile: t('Mobile', 'With its country code.'),
    website: t('Website', 'An http(s) address.'),
    avatar: t('Photo', 'A portrait.', 'image'),
    locales: t('Languages', 'The languages whose pages list this contact (codes such as en, fr).'),
    responsible_for: t('Answers inquiries for', 'Journalists\' questions from the site go to this contact when they match (leave empty: none by rule).'),
    'responsible_for.languages': t('Languages', 'The stories\' languages whose inquiries this contact answers (empty: any).'),
    'responsible_for.categories': t('Categories', 'The categories (keys) whose inquiries this contact answers (empty: any).'),
  },
  galleries: {
    uuid: t('Gallery id', 'Made when the gallery is created; never change it.'),
    title: t('Title', 'The gallery\'s name.'),
    description: t('Description', 'A sentence or two about it.', 'text'),
    published_at: t('Release time', 'The gallery is shown from this time on.'),
    images: t('Images', 'The gallery\'s images, in order.'),
    'images.file': t('Image', 'A file in media/.', 'image'),
    'images.caption': t('Caption', 'What the image shows.'),
    'images.credit': t('Credit', 'Who made it; empty: the newsroom\'s default credit.'),
    'images.licence': t('Licence', 'How it may be used; empty: the newsroom\'s default licence.'),
    videos: t('Videos', 'Links to videos on a video site.'),
    'videos.url': t('Video address', 'The video\'s page, e.g. on YouTube or Vimeo.'),
    'videos.title': t('Title', 'The video\'s name.'),
    'videos.thumbnail': t('Thumbnail', 'An image shown before it plays; empty: the site\'s own.', 'image'),
  },
  stories: {
    uuid: t('Story id', 'Made when the story is created; each language has its own, never reused.'),
    slug: t('Address', 'Lower-case letters, digits and single dashes, e.g. new-wind-farm-opens: the story\'s page is then /new-wind-farm-opens.'),
    title: t('Title', 'The headline.'),
    subtitle: t('Subtitle', 'One line under the headline.'),
    summary: t('Summary', 'Two or three sentences: shown in lists, feeds and search results.', 'text'),
    status: t('Status', ''),
    visibility: t('Visibility', ''),
    published_at: t('Release time', 'When the story is (or was) released; a scheduled or embargoed story goes live then.'),
    updated_at: t('Updated', 'When the story last changed in a way readers should know.'),
    author: t('Author', 'Shown under the headline; empty: no byline.'),
    'author.display_name': t('Name', 'As readers see it.'),
    'author.email': t('Email', 'Not shown; used for the story\'s structured data.'),
    categories: keysOf('Categories', 'Pick from Settings › Categories; the story is listed under each.', 'categories'),
    tags: t('Tags', 'Free words; each has its own page.'),
    cover: t('Cover image', 'The image at the top, and when the story is shared.', 'image'),
    cover_caption: t('Cover caption', 'What the cover shows.'),
    cover_credit: t('Cover credit', 'Who made it; empty: the newsroom\'s default credit.'),
    cover_licence: t('Cover licence', 'How it may be used; empty: the newsroom\'s default licence.'),
    pinned: t('Pinned', 'Kept at the top of the homepage.'),
    notify: t('Alert subscribers', 'Off: no mail to subscribers when this story goes live.'),
    contacts: keysOf('Media contacts', 'Pick from Settings › Press contacts; shown as "Media contacts" at the end of the story.', 'contacts'),
    seo_settings: t('Search settings', 'How the story appears in search results.'),
    'seo_settings.meta_title': SEO_TITLE,
    'seo_settings.meta_description': SEO_DESCRIPTION,
    'seo_settings.canonical_url': t('Canonical address', 'Only when the story was first published elsewhere: that address.'),
  },
  policies: {
    title: t('Title', 'The policy\'s title.'),
    updated_at: t('Last updated', 'Shown under the title.'),
  },
} as const satisfies Record<string, Record<string, FieldText>>;

export type FormName = keyof typeof FIELD_TEXTS;
