import * as l10n from '@vscode/l10n';
import { SECRET_NAMES, type SecretName } from '../credentials/secretNames';

export { SECRET_NAMES, type SecretName };

export const SECRET_LABELS: Record<SecretName, string> = {
  partnerEmail: l10n.t('financing partner e-mail'),
  partnerPassword: l10n.t('financing partner password'),
  financingTokens: l10n.t('financing access and refresh tokens'),
  gatewayApiPassword: l10n.t('gateway API password'),
  certificatePassphrase: l10n.t('client certificate passphrase'),
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
