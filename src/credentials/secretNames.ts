import * as l10n from '@vscode/l10n';

/** Every secret an environment may have. The only place these names are spelled; they never appear in an environment itself. */
export const SECRET_NAMES = ['partnerEmail', 'partnerPassword', 'financingTokens', 'gatewayApiPassword', 'certificatePassphrase'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** What each secret is called in a question, a message or a report (in VS Code's display language; the CLI's stays English). */
export const SECRET_LABELS: Record<SecretName, string> = {
  partnerEmail: l10n.t('financing partner e-mail'),
  partnerPassword: l10n.t('financing partner password'),
  financingTokens: l10n.t('financing access and refresh tokens'),
  gatewayApiPassword: l10n.t('gateway API password'),
  certificatePassphrase: l10n.t('client certificate passphrase'),
};
