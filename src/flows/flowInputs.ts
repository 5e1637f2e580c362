/**
 * What a flow may be given when it runs (a scenario's order, amounts): declared under "inputs",
 * read as {{input.NAME}}, given by `trigger --order ID` / `--set NAME=VALUE`, else their default
 * (which may itself be a reference: {{fresh.orderId}}). A step with "unlessGiven": "orderId" is
 * skipped when that input was given: it makes what the user brought (an order made before).
 *   "inputs": { "orderId": { "description": "The order to refund", "default": "{{fresh.orderId}}" } }
 */
import { excerpt, hasControlCharacters, quote, quoteValueAt } from '../format/quote';
import type { FlowInputSpec } from './flowTypes';
import { INPUT_NAME, referencesOf } from './references';

const MAX_INPUTS = 20;
const MAX_TEXT = 200;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface InputProblem {
  field: string;
  message: string;
  path: (string | number)[];
}

/** The declared inputs, or the problems of their declaration. */
export function checkInputs(value: unknown, problems: InputProblem[]): Record<string, FlowInputSpec> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value) || Object.keys(value).length > MAX_INPUTS) {
    problems.push({ field: 'inputs', message: `must be an object of at most ${MAX_INPUTS} inputs, each { "description": "…", "default": "…" }, got ${quoteValueAt('inputs', value)}`, path: ['inputs'] });
    return undefined;
  }
  const inputs: Record<string, FlowInputSpec> = {};
  for (const [name, spec] of Object.entries(value)) {
    const at = ['inputs', name];
    if (!INPUT_NAME.test(name)) {
      problems.push({ field: `inputs.${excerpt(name)}`, message: 'an input name is letters, digits, - and _, dotted like a body path (order.amount)', path: at });
      continue;
    }
    if (!isObject(spec)) {
      problems.push({ field: `inputs.${name}`, message: `must be { "description": "…", "default": "…" }, got ${quoteValueAt(name, spec)}`, path: at });
      continue;
    }
    for (const key of Object.keys(spec)) if (key !== 'description' && key !== 'default') problems.push({ field: `inputs.${name}.${excerpt(key)}`, message: 'unknown; an input has "description" and "default"', path: [...at, key] });
    const text = (key: 'description' | 'default'): string | undefined => {
      const v = spec[key];
      if (v === undefined) return undefined;
      if (typeof v !== 'string' || v.length > MAX_TEXT || hasControlCharacters(v)) {
        problems.push({ field: `inputs.${name}.${key}`, message: `must be one line of text of at most ${MAX_TEXT} characters, got ${quoteValueAt(key, v)}`, path: [...at, key] });
        return undefined;
      }
      return v;
    };
    const description = text('description');
    const fallback = text('default');
    if (fallback !== undefined) {
      const { found, invalid } = referencesOf(fallback);
      for (const bad of invalid) problems.push({ field: `inputs.${name}.default`, message: `${excerpt(bad.text)} ${bad.error}`, path: [...at, 'default'] });
      for (const ref of found) if (ref.kind !== 'fresh' && ref.kind !== 'env') problems.push({ field: `inputs.${name}.default`, message: `${excerpt(ref.text)}: a default may refer to fresh.orderId or env.NAME only`, path: [...at, 'default'] });
    }
    inputs[name] = { ...(description !== undefined ? { description } : {}), ...(fallback !== undefined ? { default: fallback } : {}) };
  }
  return inputs;
}

/** Each {{input.NAME}} of the steps and each "unlessGiven" names a declared input. */
export function checkInputUses(steps: readonly unknown[], inputs: Readonly<Record<string, FlowInputSpec>> | undefined, problems: (InputProblem & { where?: string })[]): void {
  const declared = Object.keys(inputs ?? {});
  const unknown = (name: string) => `${quote(name)} is not an input of this flow (${declared.length ? `it declares ${declared.join(', ')}` : 'it declares none: add "inputs"'})`;
  steps.forEach((step, index) => {
    if (!isObject(step)) return;
    const where = `step ${index + 1}${typeof step['id'] === 'string' ? ` (${excerpt(step['id'])})` : ''}`;
    const given = step['unlessGiven'];
    if (given !== undefined && (typeof given !== 'string' || !declared.includes(given))) {
      problems.push({ where, field: 'unlessGiven', message: typeof given === 'string' ? unknown(given) : `must name an input, got ${quoteValueAt('unlessGiven', given)}`, path: ['steps', index, 'unlessGiven'] });
    }
    for (const ref of referencesOf([step['params'], step['body'], step['expect'], step['payer']]).found) {
      if (ref.kind === 'input' && !declared.includes(ref.name)) problems.push({ where, field: excerpt(ref.text), message: unknown(ref.name), path: ['steps', index] });
    }
  });
}

/** Given inputs the flow does not declare: each told with the ones it does. */
export function undeclaredInputs(given: Readonly<Record<string, string>>, inputs: Readonly<Record<string, FlowInputSpec>> | undefined): string[] {
  const declared = Object.keys(inputs ?? {});
  return Object.keys(given).filter((n) => !declared.includes(n)).map((n) => `${quote(n)} is not an input of this flow (${declared.length ? `it takes ${declared.join(', ')}` : 'it takes none'})`);
}
