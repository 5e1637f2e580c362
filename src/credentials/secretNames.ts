/** Every secret an environment may have. The only place these names are spelled; they never appear in an environment itself. */
export const SECRET_NAMES = ['partnerEmail', 'partnerPassword', 'financingTokens', 'gatewayApiPassword', 'certificatePassphrase'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** What each secret is called in a question, a message or a report. */
export const SECRET_LABELS: Record<SecretName, string> = {
  partnerEmail: 'financing partner e-mail',
  partnerPassword: 'financing partner password',
  financingTokens: 'financing access and refresh tokens',
  gatewayApiPassword: 'gateway API password',
  certificatePassphrase: 'client certificate passphrase',
};
