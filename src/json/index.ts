/**
 * The one JSON-text layer (on jsonc-parser, VS Code's own parser): locating a path's text, pretty
 * printing, exact number literals, in-place value edits and the nesting bound. No vscode import.
 */
export { MAX_JSON_VALUES, JsonSizeError, findTooManyValues, jsonBoundsProblem, parseInputJson } from './bounds';
export { MAX_JSON_DEPTH, JsonDepthError, assertDepth, depthError, depthOf, findTooDeep, parseJsonBounded } from './depth';
export { capJsonDepth, replacePropertyValues, setValueAt, setValueEdits, type PropertyValue } from './edit';
export { isJsonText, prettyJson } from './format';
export { ownValue, setOwnValue } from './ownKey';
export { collectNumberLiterals, formatJsonNumber, pathKey, type JsonPath } from './numbers';
export { walkJson } from './tokens';
export { locate, parseJsonWithOffsets, parsePath, positionAt, spanToUnderline, type JsonNode, type JsonProperty, type TextSpan } from './tree';
