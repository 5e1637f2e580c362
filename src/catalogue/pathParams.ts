/** URL parameters of the gateway paths and their rules ("Identifiers (URL parameters)"). */
import { issue, shown, type ValidationIssue } from './issues';

type PathParamName = 'merchantId' | 'orderId' | 'transactionId' | 'sessionId' | 'tokenId';

export interface PathParam {
  name: PathParamName;
  minLength: number;
  maxLength: number;
  pattern?: RegExp;
  help: string;
}

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

export const pathParams: Readonly<Record<PathParamName, PathParam & { patternHint?: string }>> = {
  merchantId: {
    name: 'merchantId', minLength: 1, maxLength: 40, pattern: /^[A-Za-z0-9_-]*$/, patternHint: "letters, digits, '-' and '_' only",
    help: "Merchant id issued by the payment provider: letters, digits, '-' and '_', 1 to 40 characters (stated to be up to 12). Ids starting with TEST run against the gateway's test simulator.",
  },
  orderId: {
    name: 'orderId', minLength: 1, maxLength: 40,
    help: 'Order id: any characters, 1 to 40; unique for every order of the merchant profile.',
  },
  transactionId: {
    name: 'transactionId', minLength: 1, maxLength: 40,
    help: 'Transaction id: any characters, 1 to 40; unique among the transactions of the order; a retry of a failed operation needs a new id.',
  },
  sessionId: {
    name: 'sessionId', minLength: 31, maxLength: 35, pattern: PRINTABLE_ASCII, patternHint: 'ASCII text',
    help: 'Session id: ASCII text, 31 to 35 characters (real ids look like SESSION0002 followed by 20 letters and digits).',
  },
  // Delete Token v57 and Retrieve Token v100 pages: "Alphanumeric, 1 to 40".
  tokenId: {
    name: 'tokenId', minLength: 1, maxLength: 40, pattern: /^[A-Za-z0-9]*$/, patternHint: 'letters and digits only',
    help: 'Token id: letters and digits, 1 to 40 characters, as Create Token answered it (token).',
  },
};

export function validatePathParam(name: PathParamName, value: string): ValidationIssue[] {
  const p = pathParams[name];
  if (value === undefined || value === null) return [issue(name, 'required', 'required')];
  if (typeof value !== 'string') return [issue(name, 'type', `must be text, got ${shown(value)}`, value)];
  const out: ValidationIssue[] = [];
  if (value.length === 0) return [issue(name, 'required', 'required', value)];
  if (value.length < p.minLength) out.push(issue(name, 'minLength', `must be at least ${p.minLength} characters, got ${value.length}`, value));
  // Over its maximum length a value is never run through the pattern.
  if (value.length > p.maxLength) return [issue(name, 'maxLength', `must be at most ${p.maxLength} characters, got ${value.length}`, value)];
  if (p.pattern && !p.pattern.test(value)) out.push(issue(name, 'pattern', `must be ${p.patternHint ?? 'valid'}, got ${shown(value)}`, value));
  return out;
}
