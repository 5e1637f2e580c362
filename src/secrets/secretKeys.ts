import { SECRET_LABELS, SECRET_NAMES, type SecretName } from '../credentials/secretNames';

export { SECRET_LABELS, SECRET_NAMES, type SecretName };

const PREFIX = 'paymentWorkbench';

export function secretKey(environmentId: string, name: SecretName): string {
  return `${PREFIX}/${environmentId}/${name}`;
}

export function parseSecretKey(key: string): { environmentId: string; name: SecretName } | undefined {
  const [prefix, environmentId, name] = key.split('/');
  if (prefix !== PREFIX || !environmentId || !(SECRET_NAMES as readonly string[]).includes(name ?? '')) return undefined;
  return { environmentId, name: name as SecretName };
}
