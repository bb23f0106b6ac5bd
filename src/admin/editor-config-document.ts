/**
 * `/admin/config.yml`: the generated configuration (src/admin/editor-config.generated.json, from
 * the content schemas by `npm run editor-config`) with what Sveltia CMS needs to start and what
 * only the deployment knows: the backend, and how saves reach it. Served as JSON, which is YAML
 * too, under a comment naming where it comes from. Locally the press officer picks "Work with
 * Local Repository" and the backend is never called; in production the GitHub backend names the
 * configured repository and logs in through this worker's own OAuth routes
 * (src/admin/oauth-routes.ts: `{base_url}/admin/auth`), and each entry is a pull request (the
 * editorial workflow) unless `EDITOR_PUBLISH_MODE = "simple"`.
 */
import type { EditorLoginConfig, EditorPublishMode } from '#src/env';
import generated from './editor-config.generated.json';

/** The repository the GitHub backend commits to; until production mode is set up, local mode only. */
export const LOCAL_ONLY_REPOSITORY = 'local/content-folder';

export interface EditorBackend {
  readonly name: 'github';
  readonly repo: string;
  readonly branch?: string;
  /** The site's origin, where the OAuth routes live (omitted in local-only mode). */
  readonly base_url?: string;
  readonly auth_endpoint?: string;
}

/** What the deployment adds to the generated configuration. */
export interface EditorDeployment {
  readonly backend: EditorBackend;
  /** Absent in local mode: a local folder has no pull requests, each save writes the file. */
  readonly publish_mode?: EditorPublishMode;
}

type LoginSettings = Pick<Extract<EditorLoginConfig, { enabled: true }>, 'enabled' | 'repository' | 'siteOrigin' | 'publishMode'> | { enabled: false };

/** The backend for a configured GitHub login (src/env.ts editorLoginOf), else local mode only. */
export function editorBackend(login: LoginSettings): EditorBackend {
  if (!login.enabled) return { name: 'github', repo: LOCAL_ONLY_REPOSITORY, branch: 'main' };
  return { name: 'github', repo: `${login.repository.owner}/${login.repository.name}`, branch: 'main', base_url: login.siteOrigin, auth_endpoint: 'admin/auth' };
}

export function editorDeployment(login: LoginSettings): EditorDeployment {
  const backend = editorBackend(login);
  return login.enabled ? { backend, publish_mode: login.publishMode } : { backend };
}

export function editorConfigYaml(deployment: EditorDeployment = editorDeployment({ enabled: false })): string {
  const header = '# The newsroom editor\'s configuration, generated from src/content/schema.ts by `npm run editor-config`.\n';
  return `${header}${JSON.stringify({ ...deployment, ...generated }, null, 2)}\n`;
}
