/**
 * What every CLI command that sends the variables' secrets says about where they go, declared once
 * for the parser and each --help (no import of usage.ts: the command specs that read this are its imports).
 */
import type { FlagSpec } from '../format/commandLine';

export const SECRET_HOSTS_VARIABLE = 'PAYMENT_WORKBENCH_SECRET_HOSTS';

export const SECRET_HOSTS_FLAG: FlagSpec = {
  name: '--secret-hosts',
  value: 'HOST[:PORT],…',
  help: `the only hosts a secret of the variables may reach, in clear or as its destination (a host without a port: any port); any other is refused before anything is sent (exit status 4). ${SECRET_HOSTS_VARIABLE} does the same; with both, a host must be in each`,
};

/** The --environments flag of a command that reads the working folder's environments file when none is named. */
export const ENVIRONMENTS_FLAG: FlagSpec = {
  name: '--environments',
  value: 'FILE',
  help: 'environments.json with your environments (no secrets in it); default: .vscode/payment-workbench.environments.json of the working folder when it exists (a cloned repository\'s decides the hosts), besides the two simulator environments',
};

export const SECRET_DESTINATION_HELP = `Before the first request, each secret taken from a variable is named on stderr with where it will go:
the host, the proxy on the way, an extra CA it trusts, and each hop that would read it in clear.`;
