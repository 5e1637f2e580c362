/** Every secret an environment may have. The only place these names are spelled; they never appear in an environment itself. */
export const SECRET_NAMES = ['partnerEmail', 'partnerPassword', 'financingTokens', 'gatewayApiPassword', 'certificatePassphrase'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
