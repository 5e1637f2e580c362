/** Login form: a missing password is not a problem to count but an action, "Set password…" beside the field. */
import * as l10n from '@vscode/l10n';
import { el } from '../../shared/app/dom';
import type { FormCore } from './formCore';

export function showPasswordPrompt(form: FormCore, field: HTMLElement | undefined, passwordStored: boolean | undefined): void {
  if (!field) return;
  const offered = field.querySelector('#set-password');
  offered?.remove();
  if (passwordStored !== false) {
    if (offered) form.status(l10n.t('Password stored in secure storage.'), 'success');
    return;
  }
  const setPassword = el('vscode-button', { attrs: { id: 'set-password', secondary: true, icon: 'key' }, text: l10n.t('Set password…') });
  setPassword.addEventListener('click', () => form.bridge.post({ type: 'setPassword' }));
  field.querySelector('.field-control')?.append(setPassword);
  form.status(l10n.t('No partner password is stored for this environment: Set password… (it stays in secure storage).'), 'warning');
}
