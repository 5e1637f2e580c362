// Entry of the webview bundle (dist/webview.js). The panels that load it come with the forms work;
// until then it only announces itself, which is what every panel's ready handshake starts with.
interface VsCodeApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

if (typeof acquireVsCodeApi === 'function') acquireVsCodeApi().postMessage({ type: 'ready' });
