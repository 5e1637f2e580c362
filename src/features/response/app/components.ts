/**
 * The @vscode-elements components this panel uses, imported one by one (not the whole library) so
 * the bundle carries only these. Importing registers the custom elements.
 */
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-icon/index.js';
