/** The toolbar's helpers: fresh ids, test-mode data, example and last body, save, create session. */
import * as l10n from '@vscode/l10n';
import { exampleBody } from '../../../catalogue/example';
import type { JsonObject } from '../model/json';
import { applyAvsStreet, applyExpiryOutcome, applySecurityCode, applyTestCard, TRIGGER_PATHS } from '../model/testTriggers';
import type { FormCore } from './formCore';
import type { ToolbarHost } from './toolbarView';

export class ToolbarActions implements ToolbarHost {
  constructor(private readonly form: FormCore) {}

  freshIds(): void {
    this.form.bridge.post({ type: 'freshIds' });
  }

  createSession(): void {
    this.form.bridge.post({ type: 'createSession' });
  }

  testCard(number: string): void {
    const fields = this.form.currentModel()?.fields ?? [];
    this.form.fill((b) => applyTestCard(b, number, fields), [TRIGGER_PATHS.cardNumber, TRIGGER_PATHS.fundsType, TRIGGER_PATHS.expiryMonth, TRIGGER_PATHS.expiryYear, TRIGGER_PATHS.securityCode]);
  }

  expiryOutcome(expiry: string): void {
    this.form.fill((b) => applyExpiryOutcome(b, expiry), [TRIGGER_PATHS.expiryMonth, TRIGGER_PATHS.expiryYear]);
  }

  securityCode(csc: string): void {
    this.form.fill((b) => applySecurityCode(b, csc), [TRIGGER_PATHS.securityCode]);
  }

  avsStreet(street: string): void {
    this.form.fill((b) => applyAvsStreet(b, street), [TRIGGER_PATHS.street]);
  }

  loadExample(): void {
    const model = this.form.currentModel();
    if (!model) return;
    this.form.replaceBody((exampleBody(model.op.id, model.version) as JsonObject | undefined) ?? {});
    this.form.status(l10n.t('Loaded the example body.'), 'info');
  }

  loadLast(): void {
    this.form.bridge.post({ type: 'loadLastBody' });
  }

  save(): void {
    const state = this.form.currentState();
    if (state && this.form.withinSizeLimits(state)) this.form.bridge.post({ type: 'save', state });
  }
}
