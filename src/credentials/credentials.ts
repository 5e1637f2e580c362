import * as l10n from '@vscode/l10n';
import { usesSimulatorCredentials, type Environment } from '../environments/environment';
import { SIMULATOR_DEFAULTS } from '../simulator/defaults';
import { SECRET_LABELS, type SecretName } from './secretNames';
import { describeDestination, secretDestination, secretOrigin, secretRoute, type BoundSecret } from './secretOrigin';

/** Where stored secrets are read: SecretStorage in the extension, environment variables in the CLI. */
export interface SecretSource {
  get(environmentId: string, name: SecretName): PromiseLike<string | undefined>;
  /**
   * The secret with the origin it was stored for (SecretStorage). A source without it binds nothing:
   * the CLI's variables are given for the run at hand, and its report names where each one went.
   */
  getBound?(environmentId: string, name: SecretName): PromiseLike<BoundSecret | undefined>;
  /** Binds the stored secret to `origin`, keeping its value (the person said so). */
  bind?(environmentId: string, name: SecretName, origin: string): PromiseLike<void>;
}

/** A stored secret about to go to another host than the one it was stored for (or, stored before binding, to any host). */
export interface OriginQuestion {
  environment: Environment;
  secret: SecretName;
  /** "gateway.example.com:443"; undefined for a secret stored before secrets were bound to their host. */
  storedFor: string | undefined;
  /** Where this request goes: "evil.example.net:443". */
  sendingTo: string;
  message: string;
  detail: string;
}

/** `allow`: use it for this host until the window closes; `bind`: store it for this host from now on; `decline`: send nothing. */
export type OriginAnswer = 'allow' | 'bind' | 'decline';

export interface CredentialOptions {
  /** Asks the person (a modal in VS Code); without it a secret never goes to another host. */
  askOrigin?(question: OriginQuestion): Promise<OriginAnswer>;
  /** A stored (not built-in) secret was handed out for a request to `origin` (the CLI's reports name these). */
  onUse?(env: Environment, name: SecretName, origin: string | undefined): void;
}

/** A stored secret was not used because it belongs to another host: nothing was sent. */
export class SecretWithheld extends Error {
  /** Told by this mark, not instanceof: the activation and feature bundles each hold a copy of this class. */
  readonly secretWithheld = true;
  constructor(readonly question: OriginQuestion) {
    super(l10n.t('Not sent: {0}', question.message));
  }
}

export function isSecretWithheld(err: unknown): err is SecretWithheld {
  return err instanceof Error && (err as Partial<SecretWithheld>).secretWithheld === true;
}

const SIMULATOR_SECRETS: Partial<Record<SecretName, string>> = {
  gatewayApiPassword: SIMULATOR_DEFAULTS.apiPassword,
  partnerEmail: SIMULATOR_DEFAULTS.partnerEmail,
  partnerPassword: SIMULATOR_DEFAULTS.partnerPassword,
};

/**
 * The secret a request uses: the stored one, if it was stored for the host this request goes to (or
 * the person agrees), or on the local simulator its well-known test credential (it works with one click).
 */
export class Credentials {
  /** Secrets the person let go to another host in this window: "environment/secret/stored for/sending to". */
  private readonly allowed = new Set<string>();
  /** One question per secret and host at a time: the send path reads a secret more than once per send. */
  private readonly asking = new Map<string, Promise<OriginAnswer>>();

  constructor(
    private readonly secrets: SecretSource,
    private readonly options: CredentialOptions = {},
  ) {}

  async secretOrDefault(env: Environment, name: SecretName): Promise<string | undefined> {
    const stored = await this.stored(env, name);
    if (stored !== undefined) {
      this.options.onUse?.(env, name, secretOrigin(env, name));
      return stored;
    }
    return usesSimulatorCredentials(env) ? SIMULATOR_SECRETS[name] : undefined;
  }

  /** Whether a secret is stored (for any host) or built in: a form says "stored" without asking anything. */
  async has(env: Environment, name: SecretName): Promise<boolean> {
    const stored = await this.secrets.get(env.id, name);
    return (stored !== undefined && stored !== '') || (usesSimulatorCredentials(env) && SIMULATOR_SECRETS[name] !== undefined);
  }

  /**
   * The secret only if it may go to this environment's host without a question (stored for it, or the
   * simulator's): what a prompt or a form shows beforehand. Opening a form asks nothing; sending does.
   */
  async withoutAsking(env: Environment, name: SecretName): Promise<string | undefined> {
    if (this.secrets.getBound) {
      const bound = await this.secrets.getBound(env.id, name);
      const target = secretDestination(env, name);
      if (bound) return bound.origin !== undefined && bound.origin === target ? bound.value : undefined;
      return usesSimulatorCredentials(env) ? SIMULATOR_SECRETS[name] : undefined;
    }
    return this.secretOrDefault(env, name);
  }

  private async stored(env: Environment, name: SecretName): Promise<string | undefined> {
    if (!this.secrets.getBound) return this.secrets.get(env.id, name);
    const bound = await this.secrets.getBound(env.id, name);
    if (!bound) return undefined;
    const target = secretDestination(env, name);
    // No URL for this API: the request fails before anything is sent (send/requestRunner.ts, baseUrlFor).
    if (target === undefined || bound.origin === target) return bound.value;
    const key = `${env.id}/${name}/${bound.origin ?? ''}/${target}`;
    if (this.allowed.has(key)) return bound.value;
    const question = originQuestion(env, name, bound.origin, target);
    let pending = this.asking.get(key);
    if (!pending) {
      pending = this.options.askOrigin ? this.options.askOrigin(question) : Promise.resolve<OriginAnswer>('decline');
      this.asking.set(key, pending);
      void pending.finally(() => this.asking.delete(key)).catch(() => undefined);
    }
    const answer = await pending;
    if (answer === 'decline') throw new SecretWithheld(question);
    if (answer === 'bind') await this.secrets.bind?.(env.id, name, target);
    else this.allowed.add(key);
    return bound.value;
  }
}

/** "The gateway API password of "Acme test" was stored for gateway.example.com:443; this request goes to evil.example.net:443." */
export function originQuestion(env: Environment, name: SecretName, storedOrigin: string | undefined, target: string): OriginQuestion {
  const label = SECRET_LABELS[name];
  const sendingTo = describeDestination(target);
  const storedFor = storedOrigin === undefined ? undefined : describeDestination(storedOrigin);
  // The environment's id, not its name: a workspace file writes the name, and a name is free text that could
  // spoof the sentence ("… was stored for evil.example.net"); the id is letters, digits, - and _ only.
  const message = storedFor === undefined
    ? l10n.t('The {0} of environment "{1}" was stored before Payment Workbench bound secrets to their host; this request goes to {2}.', label, env.id, sendingTo)
    : l10n.t('The {0} of environment "{1}" was stored for {2}; this request goes to {3}.', label, env.id, storedFor, sendingTo);
  const why = storedFor === undefined
    ? l10n.t('Send it to {0} only if that is the host you stored it for. Environments are matched by id, and a workspace file (a repository you cloned) may reuse an id with another URL.', sendingTo)
    : l10n.t('Environments are matched by id, and a workspace file (a repository you cloned) may reuse the id "{0}" with another URL. Send it to {1} only if you trust that host with it.', env.id, sendingTo);
  // The hops the environment itself sets (its proxy, its CA, http://); VS Code's own proxy setting is the person's, not the file's.
  const readers = secretRoute(env, name)?.readers ?? [];
  const detail = readers.length ? `${why} ${l10n.t('On its way it would be read in clear by {0}.', readers.join('; '))}` : why;
  return { environment: env, secret: name, storedFor, sendingTo, message, detail };
}
