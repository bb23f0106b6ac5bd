/**
 * `/admin/config.yml`: the generated configuration (src/admin/editor-config.generated.json, from
 * the content schemas by `npm run editor-config`) with the backend Sveltia CMS needs to start.
 * Served as JSON, which is YAML too, under a comment naming where it comes from. Locally the press
 * officer picks "Work with Local Repository" and the backend is never called; the GitHub backend
 * of production (repository, OAuth endpoint) is the job of the /admin/auth routes.
 */
import generated from './editor-config.generated.json';

/** The repository the GitHub backend commits to; until production mode is set up, local mode only. */
export const LOCAL_ONLY_REPOSITORY = 'local/content-folder';

export interface EditorBackend {
  readonly name: 'github';
  readonly repo: string;
  readonly branch?: string;
}

export function editorConfigYaml(backend: EditorBackend = { name: 'github', repo: LOCAL_ONLY_REPOSITORY, branch: 'main' }): string {
  const header = '# The newsroom editor\'s configuration, generated from src/content/schema.ts by `npm run editor-config`.\n';
  return `${header}${JSON.stringify({ backend, ...generated }, null, 2)}\n`;
}
