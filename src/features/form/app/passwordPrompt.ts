/** Login form: a missing password is not a problem to count but an action, "Set password…" beside the field. */
import { el } from '../../shared/app/dom';
import type { FormCore } from './formCore';

export function showPasswordPrompt(form: FormCore, field: HTMLElement | undefined, passwordStored: boolean | undefined): void {
  if (!field) return;
  const offered = field.querySelector('#set-password');
  offered?.remove();
  if (passwordStored !== false) {
    if (offered) form.status('Password stored in secure storage.', 'success');
    return;
  }
  const setPassword = el('vscode-button', { attrs: { id: 'set-password', secondary: true, icon: 'key' }, text: 'Set password…' });
  setPassword.addEventListener('click', () => form.bridge.post({ type: 'setPassword' }));
  field.querySelector('.field-control')?.append(setPassword);
  form.status('No partner password is stored for this environment: Set password… (it stays in secure storage).', 'warning');
}
