import { SECRET_NAMES, type SecretName } from '../credentials/secretNames';

export { SECRET_NAMES, type SecretName };

export const SECRET_LABELS: Record<SecretName, string> = {
  partnerEmail: 'financing partner e-mail',
  partnerPassword: 'financing partner password',
  financingTokens: 'financing access and refresh tokens',
  gatewayApiPassword: 'gateway API password',
  certificatePassphrase: 'client certificate passphrase',
};

const PREFIX = 'paymentWorkbench';

export function secretKey(environmentId: string, name: SecretName): string {
  return `${PREFIX}/${environmentId}/${name}`;
}

export function parseSecretKey(key: string): { environmentId: string; name: SecretName } | undefined {
  const [prefix, environmentId, name] = key.split('/');
  if (prefix !== PREFIX || !environmentId || !(SECRET_NAMES as readonly string[]).includes(name ?? '')) return undefined;
  return { environmentId, name: name as SecretName };
}
