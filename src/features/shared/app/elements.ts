/**
 * The @vscode-elements components of both webviews, imported one by one (not the whole library) and
 * built once into dist/webview/elements.js, which each page loads before its own bundle: the form and
 * the response panel used to carry their own copy of lit and these components (the VSIX is
 * size-bound). Importing registers the custom elements.
 */
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-icon/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
