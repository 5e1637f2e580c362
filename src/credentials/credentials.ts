import { usesSimulatorCredentials, type Environment } from '../environments/environment';
import { SIMULATOR_DEFAULTS } from '../simulator/defaults';
import type { SecretName } from './secretNames';

/** Where stored secrets are read: SecretStorage in the extension, environment variables in the CLI. */
export interface SecretSource {
  get(environmentId: string, name: SecretName): PromiseLike<string | undefined>;
}

const SIMULATOR_SECRETS: Partial<Record<SecretName, string>> = {
  gatewayApiPassword: SIMULATOR_DEFAULTS.apiPassword,
  partnerEmail: SIMULATOR_DEFAULTS.partnerEmail,
  partnerPassword: SIMULATOR_DEFAULTS.partnerPassword,
};

/** The secret a request uses: the stored one, or on the local simulator its well-known test credential (it works with one click). */
export class Credentials {
  constructor(private readonly secrets: SecretSource) {}

  async secretOrDefault(env: Environment, name: SecretName): Promise<string | undefined> {
    const stored = await this.secrets.get(env.id, name);
    if (stored !== undefined || !usesSimulatorCredentials(env)) return stored;
    return SIMULATOR_SECRETS[name];
  }
}
