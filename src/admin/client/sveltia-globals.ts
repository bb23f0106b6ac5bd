/**
 * What Sveltia CMS's bundle lends the page for extensions: its React's `createClass` and
 * createElement (`h`). Custom field controls (./uploadcare-field.ts) and preview templates
 * (./story-preview.tsx) build with them, so nothing of ours in Sveltia's tree needs a React of its own.
 */
export type CreateElement = (type: unknown, props?: object | null, ...children: unknown[]) => unknown;

export interface SveltiaReact {
  createClass<Instance>(spec: ThisType<Instance> & Record<string, unknown>): unknown;
  h: CreateElement;
}

declare global {
  interface Window {
    createClass?: SveltiaReact['createClass'];
    h?: CreateElement;
  }
}
