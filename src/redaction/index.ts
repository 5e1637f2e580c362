/**
 * The one redaction policy (which keys and headers are secret, the card mask, URL userinfo, free
 * text) for every output: client, history, decoder, previews, cURL, simulator log, webviews.
 * Pure TypeScript: no Node and no vscode, so webview code may import it.
 */
export * from './secretFields';
export * from './cardMask';
export * from './url';
export * from './text';
export * from './json';
export * from './headers';
