import type { FinancingSession } from '../auth';
import type { Credentials } from '../send/credentials';
import type { Environment } from '../send/environment';

/** A financing step signs in on its own when the session has no token, with the environment's partner account. */
export async function ensureSignedIn(session: FinancingSession, credentials: Credentials, env: Environment): Promise<void> {
  if ((await session.restore()).signedIn) return;
  const email = await credentials.secretOrDefault(env, 'partnerEmail');
  const password = await credentials.secretOrDefault(env, 'partnerPassword');
  if (!email || !password) throw new Error(`Not signed in to the financing API of "${env.name}", and no partner e-mail and password are set for it.`);
  await session.signIn(email, password);
}
