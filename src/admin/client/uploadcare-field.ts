/**
 * The editor's image and file fields when media go to Uploadcare (docs/decisions/0042-editor-uploads-to-uploadcare.md):
 * Sveltia CMS custom field types (`uploadcare-image`, `uploadcare-file`), whose control uploads a
 * chosen file straight to Uploadcare with a signature from the worker (./uploadcare-upload.ts)
 * and stores its CDN address. It can also pick a file already in media/ through Sveltia's own
 * dialog (`pickFile`), as the built-in fields do. Built with the React Sveltia exposes for custom
 * fields (`window.h`, `window.createClass`), so the admin bundle carries no React of its own.
 */
import { uploadFile } from '@uploadcare/upload-client';
import {
  failureMessage,
  githubTokenOf,
  previewAddressOf,
  progressText,
  readSignatureAnswer,
  signatureRequest,
  uploadBatch,
  uploadSettingsOf,
  type FieldConfig,
  type UploadKind,
  type UploadSettings,
} from './uploadcare-upload';

/** Where Sveltia CMS keeps the signed-in user, with the GitHub token. */
const STORED_USER_KEY = 'sveltia-cms.user';


interface ControlProps {
  readonly value: unknown;
  readonly field: FieldConfig;
  readonly forID: string;
  readonly classNameWrapper: string;
  onChange(value: unknown): void;
  pickFile(options: { kind?: UploadKind; allowURL?: boolean }): Promise<{ value: string } | { value: string }[] | null>;
}

interface ControlState {
  readonly percent: number | null;
  readonly error: string | null;
}

interface ControlInstance {
  props: ControlProps;
  state: ControlState;
  setState(state: Partial<ControlState>): void;
}


async function fetchSignature(settings: UploadSettings) {
  const response = await fetch(settings.signatureUrl, signatureRequest(githubTokenOf(localStorage.getItem(STORED_USER_KEY))));
  const body: unknown = await response.json().catch(() => null);
  return readSignatureAnswer(response.status, body);
}

/** The control of one kind of field. */
export function uploadcareControl(kind: UploadKind): unknown {
  const h = window.h!;
  return window.createClass!({
    getInitialState(): ControlState {
      return { percent: null, error: null };
    },

    async upload(this: ControlInstance, files: File[]) {
      const settings = uploadSettingsOf(this.props.field);
      if (!settings) return this.setState({ error: 'This field has no Uploadcare settings: reload the editor.' });
      this.setState({ percent: 0, error: null });
      const outcome = await uploadBatch(files, kind, settings, {
        signature: () => fetchSignature(settings),
        upload: (file, options) => uploadFile(file, options),
        onProgress: (percent) => this.setState({ percent }),
      });
      if (outcome.values[0] !== undefined) this.props.onChange(outcome.values[0]);
      this.setState({ percent: null, error: outcome.errors[0] ?? null });
    },

    async pick(this: ControlInstance) {
      try {
        const picked = await this.props.pickFile({ kind, allowURL: false });
        const first = Array.isArray(picked) ? picked[0] : picked;
        if (first) this.props.onChange(first.value);
      } catch (error) {
        this.setState({ error: failureMessage(error) });
      }
    },

    render(this: ControlInstance & { upload(files: File[]): void; pick(): void }) {
      const { value, forID, classNameWrapper, field } = this.props;
      const { percent, error } = this.state;
      const busy = percent !== null;
      const settings = uploadSettingsOf(field);
      const preview = kind === 'image' && settings ? previewAddressOf(value, settings.cdnUrl) : null;
      const current = typeof value === 'string' && value !== '' ? value : null;
      return h(
        'div',
        { className: classNameWrapper, 'data-uploadcare-field': kind },
        current
          ? h('p', null, preview ? h('img', { src: preview, alt: '', style: { maxWidth: '160px', maxHeight: '160px', display: 'block' } }) : null, h('code', { 'data-field-value': '' }, current))
          : h('p', null, kind === 'image' ? 'No image yet.' : 'No file yet.'),
        h(
          'p',
          null,
          h('label', { htmlFor: forID }, kind === 'image' ? 'Upload an image to Uploadcare: ' : 'Upload a file to Uploadcare: '),
          h('input', {
            id: forID,
            type: 'file',
            disabled: busy,
            ...(kind === 'image' ? { accept: 'image/*' } : {}),
            onChange: (event: { target: HTMLInputElement }) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              this.upload(files);
            },
          }),
        ),
        h(
          'p',
          null,
          h('button', { type: 'button', disabled: busy, onClick: () => this.pick() }, 'Choose from the media folder'),
          current ? h('button', { type: 'button', disabled: busy, onClick: () => this.props.onChange('') }, 'Remove') : null,
        ),
        busy ? h('p', { role: 'status' }, h('progress', { max: 100, value: Math.floor(percent) }), ' ', progressText(percent)) : null,
        error ? h('p', { role: 'alert' }, error) : null,
      );
    },
  });
}
