/**
 * Inline validation of the subscription and privacy forms: the spec's messages next to the field
 * before anything is posted. The server checks the same rules, so with JavaScript off (or a
 * bypassed check) the visitor gets the same messages from the server's answer.
 */
import { FORM_MESSAGES, validateSubscriberEmail } from '#src/domain/subscriber';
import type { ClientConfig } from './config';

function showError(input: HTMLInputElement, message: string | null): void {
  const errorId = `${input.id}-client-error`;
  let error = input.ownerDocument.getElementById(errorId);
  if (!message) {
    error?.remove();
    input.removeAttribute('aria-invalid');
    input.setAttribute('aria-describedby', (input.getAttribute('aria-describedby') ?? '').replace(errorId, '').trim());
    if (!input.getAttribute('aria-describedby')) input.removeAttribute('aria-describedby');
    return;
  }
  if (!error) {
    error = input.ownerDocument.createElement('p');
    error.id = errorId;
    error.className = 'field-error';
    input.insertAdjacentElement('afterend', error);
  }
  error.textContent = message;
  input.setAttribute('aria-invalid', 'true');
  const described = new Set((input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
  described.add(errorId);
  input.setAttribute('aria-describedby', [...described].join(' '));
}

export function enhanceSubscribeForms(doc: Document, messages: ClientConfig['messages']): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-island="subscribe-form"]')) {
    const input = form.querySelector<HTMLInputElement>('input[type="email"]');
    if (!input || !input.id) continue;
    // Our messages (the spec's) instead of the browser's bubbles.
    form.noValidate = true;
    form.addEventListener('submit', (event) => {
      const problem = validateSubscriberEmail(input.value);
      showError(input, problem === FORM_MESSAGES.required ? messages.required : problem ? messages.invalidEmail : null);
      if (problem) {
        event.preventDefault();
        input.focus();
      }
    });
    input.addEventListener('input', () => {
      if (input.getAttribute('aria-invalid') === 'true' && validateSubscriberEmail(input.value) === null) showError(input, null);
    });
  }
}
