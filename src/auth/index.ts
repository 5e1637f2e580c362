export { FinancingSession } from './financingSession';
export { MemoryTokenStore, storedSessionState, tokenSetFromResponse, type SessionState, type TokenSet, type TokenStore } from './tokenSet';
export { SignInFailed, SignInRequired } from './errors';
