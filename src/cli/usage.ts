/** Bad usage or an invalid input file: exit status 2, with a message naming what is at fault. */
export class UsageError extends Error {}

export const USAGE = `usage:
  payment-workbench run <file|folder>... [--env NAME] [--environments FILE] [--simulator]
                        [--reporter text|junit|json] [--out FILE] [--yes-live] [--send-anyway]
  payment-workbench simulator [--port N] [--token-lifetime S]
  payment-workbench listen [--port N] [--json] [--secret S]

run       runs flow files (*.payflow.json) and request files (*.payreq.json, as one-step flows);
          folders are searched for both. Exit status 0 when every step passed, 1 when a step
          failed, 2 for bad usage or an invalid file. Nobody is asked during a run: a money-moving
          step to a LIVE environment is not sent without --yes-live, a body that breaks the
          catalogue's rules not without --send-anyway (or a step that expects the refusal, a 4xx
          status), and a missing password names the variable to set.
simulator runs the local simulator of both APIs until Ctrl+C.
listen    receives gateway webhooks (POST /gateway) and financing callbacks (POST /financing) on
          127.0.0.1 until Ctrl+C, printing one line per notification (--json: one JSON object per
          line with source, orderId, verified, receivedAt, attempts, summary and the redacted body).
          With a secret (--secret, or PAYMENT_WORKBENCH_NOTIFICATION_SECRET, which stays out of the
          process list) a request without the right X-Notification-Secret gets 401 and prints
          verified false. For a real gateway, put a tunnel of your choice in front of the port.

Secrets come only from environment variables (never from files or flags):
  PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD, PAYMENT_WORKBENCH_PARTNER_EMAIL,
  PAYMENT_WORKBENCH_PARTNER_PASSWORD, PAYMENT_WORKBENCH_CERTIFICATE_PASSPHRASE;
  PAYMENT_WORKBENCH_<ENV_ID>_<NAME> (the environment id in capitals, - as _) wins for that environment.
  The simulator environments use the simulator's public test credentials.`;
