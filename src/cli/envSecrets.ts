/**
 * The CLI's secrets: environment variables only, per environment first, then shared; the
 * simulator environments fall back to its public test credentials (the same rule as the extension).
 */
import { KnownSecrets } from '../http/knownSecrets';
import { Credentials, type CredentialOptions } from '../credentials/credentials';
import type { SecretName } from '../credentials/secretNames';

const VARIABLE: Record<SecretName, string> = {
  gatewayApiPassword: 'GATEWAY_API_PASSWORD',
  partnerEmail: 'PARTNER_EMAIL',
  partnerPassword: 'PARTNER_PASSWORD',
  certificatePassphrase: 'CERTIFICATE_PASSPHRASE',
  financingTokens: 'FINANCING_TOKENS',
};

export const SECRET_VARIABLE_PREFIX = 'PAYMENT_WORKBENCH_';

/** The variable names that may hold `name` for `environmentId`, most specific first. */
export function secretVariables(environmentId: string, name: SecretName): string[] {
  const envPart = environmentId.toUpperCase().replace(/[^A-Z0-9]/g, '_');
  return [`${SECRET_VARIABLE_PREFIX}${envPart}_${VARIABLE[name]}`, `${SECRET_VARIABLE_PREFIX}${VARIABLE[name]}`];
}

/** "Set the environment variable X or Y, and Z or W." — what a CLI user does to supply these secrets. */
export function setVariablesHint(environmentId: string, names: readonly SecretName[]): string {
  const variables = names.map((n) => secretVariables(environmentId, n).join(' or ')).join(', and ');
  return `Set the environment variable${names.length > 1 ? 's' : ''} ${variables}.`;
}

/** `onUse` hears of each variable's secret handed to a request, and for which origin (the report names the hosts). */
export function environmentVariableCredentials(variables: NodeJS.ProcessEnv, onUse?: CredentialOptions['onUse']): Credentials {
  return new Credentials({
    get: async (environmentId: string, name: SecretName) => {
      if (name === 'financingTokens') return undefined; // a CLI run signs in afresh; tokens live in memory only
      for (const variable of secretVariables(environmentId, name)) {
        const value = variables[variable];
        if (value) return value;
      }
      return undefined;
    },
  }, onUse ? { onUse } : {});
}

/**
 * Every secret the variables hold (any environment's), to scrub from what a run prints: a server
 * may echo a password anywhere in its answer, in error.field or the explanation.
 */
export function secretsOfVariables(variables: NodeJS.ProcessEnv): KnownSecrets {
  const known = new KnownSecrets();
  const names = Object.values(VARIABLE);
  for (const [variable, value] of Object.entries(variables)) {
    if (variable.startsWith(SECRET_VARIABLE_PREFIX) && names.some((name) => variable.endsWith(name))) known.add(value);
  }
  return known;
}
