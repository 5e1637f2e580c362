export { FinancingSession, type SessionState } from './financingSession';
export { MemoryTokenStore, tokenSetFromResponse, type TokenSet, type TokenStore } from './tokenSet';
export { SignInFailed, SignInRequired } from './errors';
