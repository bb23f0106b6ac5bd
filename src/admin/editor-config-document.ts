/**
 * `/admin/config.yml`: the generated configuration (src/admin/editor-config.generated.json, from
 * the content schemas by `npm run editor-config`) with what Sveltia CMS needs to start and what
 * only the deployment knows: the backend, how saves reach it, and where uploads go. Served as
 * JSON, which is YAML too, under a comment naming where it comes from. Locally the press officer
 * picks "Work with Local Repository" and the backend is never called; in production the GitHub
 * backend names the configured repository and talks to this worker's GitHub proxy, which holds
 * the App's key (ADR 0051), and each entry is a pull request (the editorial workflow) unless
 * `EDITOR_PUBLISH_MODE = "simple"`. When the editor uploads to
 * Uploadcare (ADR 0042), every image and file field becomes our own field type, which uploads
 * there (src/admin/client/uploadcare-field.ts), its settings written on the field; the checked-in
 * file stays as the schema made it.
 *
 * Sveltia reads every folder in its configuration from the root of what it opens, which is a
 * repository's root folder, locally ("Work with Local Repository" refuses any other folder) as on
 * GitHub. The content folder is a folder of its own in it (`EDITOR_CONTENT_DIR`: `npm start`'s
 * CONTENT_DIR, the publish workflow's), so the file and media folders are served under it
 * (`inRepositoryFolder`); the public address of media (`/media/...`, what the content files say)
 * stays as it is, so a file saved locally is the file saved on GitHub.
 */
import { DEFAULT_EDITOR_CONTENT_DIR, EDITOR_BRANCH, type EditorGitHubConfig, type EditorPublishMode, type EditorUploadsConfig } from '#src/env';
import { GITHUB_PROXY_GRAPHQL_PATH, GITHUB_PROXY_REST_ROOT } from './github-proxy/github-proxy-routes';
import { UPLOADCARE_WIDGETS } from './client/uploadcare-upload';
import generated from './editor-config.generated.json';

/** The repository the GitHub backend commits to; until production mode is set up, local mode only. */
export const LOCAL_ONLY_REPOSITORY = 'local/content-folder';

export interface EditorBackend {
  readonly name: 'github';
  readonly repo: string;
  readonly branch?: string;
  /** The GitHub proxy's REST root on this site (omitted in local-only mode). */
  readonly api_root?: string;
  readonly graphql_api_root?: string;
  /** Where the sign-in popup opens: this site (`''`), `auth_endpoint` below it. */
  readonly base_url?: string;
  readonly auth_endpoint?: string;
}

/** What the deployment adds to the generated configuration. */
export interface EditorDeployment {
  readonly backend: EditorBackend;
  /** Absent in local mode: a local folder has no pull requests, each save writes the file. */
  readonly publish_mode?: EditorPublishMode;
  /** The content folder inside the repository (src/env.ts editorContentDirOf); null: the repository itself. Not served as such. */
  readonly contentDir: string | null;
}

type GitHubSettings = Pick<Extract<EditorGitHubConfig, { enabled: true }>, 'enabled' | 'repository' | 'branch' | 'publishMode'> | { enabled: false };

/**
 * The backend for a configured GitHub App (src/config/press-tools.ts editorGitHubOf), else local mode
 * only. Every address is on `origin`, the editor page's own (Sveltia wants absolute addresses): the
 * GitHub proxy (src/admin/github-proxy/) and the sign-in popup (src/admin/sign-in-routes.ts).
 * The configuration is private to the person who asked, so the request's origin is theirs to
 * name: it never reaches a cache or anyone else.
 */
export function editorBackend(github: GitHubSettings, origin = ''): EditorBackend {
  if (!github.enabled) return { name: 'github', repo: LOCAL_ONLY_REPOSITORY, branch: EDITOR_BRANCH };
  return {
    name: 'github',
    repo: `${github.repository.owner}/${github.repository.name}`,
    branch: github.branch,
    api_root: `${origin}${GITHUB_PROXY_REST_ROOT}`,
    graphql_api_root: `${origin}${GITHUB_PROXY_GRAPHQL_PATH}`,
    base_url: origin,
    auth_endpoint: 'admin/auth',
  };
}

export function editorDeployment(github: GitHubSettings, contentDir: string | null = DEFAULT_EDITOR_CONTENT_DIR, origin = ''): EditorDeployment {
  const backend = editorBackend(github, origin);
  return github.enabled ? { backend, publish_mode: github.publishMode, contentDir } : { backend, contentDir };
}

type Config = Record<string, unknown>;

const isConfig = (value: unknown): value is Config => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The configuration with every path Sveltia reads from the root moved under `contentDir`: the
 * global `media_folder`, each folder collection's `folder`, each file collection's `file`, and
 * every absolute (`/`-led) `media_folder` of a collection, file or field at any depth. Relative
 * media folders of a collection or field are the entry's own and stay; `public_folder`s stay.
 */
export function inRepositoryFolder(config: Config, contentDir: string): Config {
  const under = (path: string) => `${contentDir}/${path}`;
  const absoluteMediaFolders = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(absoluteMediaFolders);
    if (!isConfig(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === 'media_folder' && typeof item === 'string' && item.startsWith('/') ? `/${under(item.slice(1))}` : absoluteMediaFolders(item)]),
    );
  };
  const collections = Array.isArray(config.collections) ? (config.collections as unknown[]) : [];
  return {
    ...config,
    ...(typeof config.media_folder === 'string' ? { media_folder: under(config.media_folder) } : {}),
    collections: collections.map((entry) => {
      const collection = absoluteMediaFolders(entry);
      if (!isConfig(collection)) return collection;
      if (typeof collection.folder === 'string') collection.folder = under(collection.folder);
      if (Array.isArray(collection.files)) collection.files = collection.files.map((file: unknown) => (isConfig(file) && typeof file.file === 'string' ? { ...file, file: under(file.file) } : file));
      return collection;
    }),
  };
}

/** What an Uploadcare field needs to know, written on each such field (and on the page for the body blocks). */
export interface UploadcareFieldSettings {
  readonly public_key: string;
  readonly upload_url: string;
  readonly cdn_url: string;
  /** Where the page asks this worker for an upload signature (src/admin/upload-signature-routes.ts). */
  readonly signature_url: string;
}

export const SIGNATURE_URL = '/admin/uploads/signature';

/** The settings of the editor's Uploadcare fields, or null when the editor keeps files in media/. */
export function uploadcareFieldSettings(uploads: EditorUploadsConfig): UploadcareFieldSettings | null {
  if (!uploads.enabled) return null;
  return { public_key: uploads.publicKey, upload_url: uploads.uploadUrl, cdn_url: uploads.cdnRoot, signature_url: SIGNATURE_URL };
}

/**
 * The configuration with every `image` and `file` field, at any depth (list items, objects, file
 * collections), made an Uploadcare field with `settings`. Their media options stay: the field also
 * offers the files already in media/. A new value: `config` is left as it was.
 */
export function withUploadcareFields(config: object, settings: UploadcareFieldSettings): object {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    const copy: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, visit(child)]));
    const widget = copy['widget'];
    if (typeof copy['name'] === 'string' && (widget === 'image' || widget === 'file')) return { ...copy, widget: UPLOADCARE_WIDGETS[widget], ...settings };
    return copy;
  };
  return visit(config) as object;
}

export function editorConfigYaml(deployment: EditorDeployment = editorDeployment({ enabled: false }), uploads: UploadcareFieldSettings | null = null): string {
  const header = '# The newsroom editor\'s configuration, generated from src/content/schema.ts by `npm run editor-config`.\n';
  const { contentDir, ...served } = deployment;
  const located = contentDir === null ? generated : inRepositoryFolder(generated, contentDir);
  const config = uploads ? withUploadcareFields(located, uploads) : located;
  return `${header}${JSON.stringify({ ...served, ...config }, null, 2)}\n`;
}
