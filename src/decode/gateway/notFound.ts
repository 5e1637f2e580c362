/**
 * A gateway 404, explained by what the answer and the request tell together. The gateway answers 404
 * both for a version it does not serve ("Unsupported value for 'version = 80'") and for a path it
 * has no resource at; an explanation that merely mentions a version (it may echo the path) proves
 * nothing, so the version is blamed only when the operation does not serve the version asked.
 */
import { getOperation } from '../../catalogue/operations';
import { describeRange, GATEWAY_VERSIONS, servesVersion } from '../../catalogue/versions';

interface Diagnosis {
  title: string;
  whatToFix: string;
}

/** What the request asked for, read from its URL: …/api/rest/version/<v>/merchant/<merchantId>/<rest>. */
interface RequestedPath {
  path: string;
  version?: string;
  merchantId?: string;
  /** The segments after the merchant: order <id>, transaction <id>, session <id>. */
  rest: string[];
}

const SHOWN_PATH_CHARS = 300;
const VERSION_SAID = /Unsupported value for 'version = ([^']{0,40})'/i;

export function diagnoseNotFound(explanation: string, operationId: string, requestUrl: string | undefined): Diagnosis {
  const requested = requestedPath(requestUrl);
  const asked = requested?.version ?? VERSION_SAID.exec(explanation)?.[1];
  const op = getOperation(operationId);
  const versionSaid = VERSION_SAID.test(explanation);
  if (versionSaid && asked !== undefined && !(op && servesVersion(op, Number(asked)))) {
    return {
      title: `Unsupported API version ${clip(asked, 40)} (HTTP 404)`,
      whatToFix: op && op.documentedVersions.length > 0
        ? `${op.title} is served at versions ${describeRange(op)}; this request asked for ${clip(asked, 40)}. Change the version (the form's Version, or "version" in the request file) and send again.`
        : `The version in the path is not one this gateway serves: it serves versions ${GATEWAY_VERSIONS.lowest} to ${GATEWAY_VERSIONS.newest}, except ${GATEWAY_VERSIONS.unserved.join(', ')}, from the version that introduced each operation.`,
    };
  }
  return { title: 'Unknown path (HTTP 404)', whatToFix: unknownPathAdvice(requested) };
}

function unknownPathAdvice(requested: RequestedPath | undefined): string {
  if (!requested) {
    return 'The gateway has no such resource. Check the gateway URL, the /api/rest/version/<n>/merchant/<merchantId>/… path and the ids in it.';
  }
  const path = clip(requested.path, SHOWN_PATH_CHARS);
  if (requested.version === undefined) {
    return `The gateway has nothing at ${path}: its API paths run /api/rest/version/<n>/merchant/<merchantId>/…. Check the environment's gateway URL.`;
  }
  const named = [
    ...(requested.merchantId !== undefined ? [`merchant id ${clip(requested.merchantId, 60)}`] : []),
    ...pairs(requested.rest),
  ];
  const ids = named.length > 0 ? `, then what the path names: ${named.join(', ')}` : '';
  return `The gateway has no resource at ${path}. Check the environment's gateway URL (and any path prefix before /api/rest)${ids}; a merchant the gateway does not know, or a misspelt segment, answers 404 too.`;
}

/** ['order', 'O-1', 'transaction', 'T-2'] → ['order O-1', 'transaction T-2']; a lone segment is named as it is. */
function pairs(rest: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length && out.length < 4; i += 2) {
    const [kind, id] = [rest[i] as string, rest[i + 1]];
    out.push(id === undefined ? `'${clip(kind, 60)}'` : `${clip(kind, 30)} ${clip(id, 60)}`);
  }
  return out;
}

function requestedPath(url: string | undefined): RequestedPath | undefined {
  if (url === undefined || url === '') return undefined;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? url;
  }
  const segments = path.split('/').filter((s) => s !== '').map(decodeSegment);
  const at = segments.findIndex((s, i) => s === 'api' && segments[i + 1] === 'rest' && segments[i + 2] === 'version');
  if (at < 0) return { path, rest: [] };
  const [version, merchantWord, merchantId, ...rest] = segments.slice(at + 3);
  if (merchantWord !== 'merchant') return { path, ...(version !== undefined && { version }), rest: [merchantWord, merchantId, ...rest].filter((s): s is string => s !== undefined) };
  return { path, ...(version !== undefined && { version }), ...(merchantId !== undefined && { merchantId }), rest };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
