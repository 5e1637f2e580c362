export { FinancingSession, type FinancingSessionOptions, type SessionState, type SignOutResult } from './financingSession';
export { MemoryTokenStore, tokenSetFromResponse, type TokenSet, type TokenStore } from './tokenSet';
export { SignInFailed, SignInRequired, TokenRefreshUnavailable } from './errors';
