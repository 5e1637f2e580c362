/** The session has no usable tokens (never signed in, signed out, or the refresh token was refused): the UI offers "Sign in again". */
export class SignInRequired extends Error {
  override readonly name = 'SignInRequired';
}

/** Login was answered, but not with a token set (wrong e-mail or password, locked account). */
export class SignInFailed extends Error {
  override readonly name = 'SignInFailed';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The refresh endpoint failed on the server side (5xx): the tokens are kept, a later try may work. */
export class TokenRefreshUnavailable extends Error {
  override readonly name = 'TokenRefreshUnavailable';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
