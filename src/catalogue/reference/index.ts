/**
 * The request field lists read from the gateway's API reference pages (data/*.json, SOURCES.md), and
 * what the catalogue concludes from them: a documented version whose list is complete refuses a
 * name it does not know, as the gateway does.
 */
import type { ObjectNode } from '../fieldTree';
import { checkedReference, type ReferenceFile } from './referenceFile';
import { overlay, referenceTree } from './referenceTree';
import authenticatePayer100 from './data/gateway.authenticatePayer@100.json';
import authorize100 from './data/gateway.authorize@100.json';
import capture100 from './data/gateway.capture@100.json';
import initiateAuthentication100 from './data/gateway.initiateAuthentication@100.json';
import initiateBrowserPayment100 from './data/gateway.initiateBrowserPayment@100.json';
import initiateCheckout100 from './data/gateway.initiateCheckout@100.json';
import pay100 from './data/gateway.pay@100.json';
import refund100 from './data/gateway.refund@100.json';
import updateAuthorization100 from './data/gateway.updateAuthorization@100.json';
import verify100 from './data/gateway.verify@100.json';
import void100 from './data/gateway.void@100.json';

export type { ReferenceField, ReferenceFile } from './referenceFile';

/**
 * The pages read for documented versions of catalogue operations. A complete one is the body's field
 * list; a partial one (its copy hid the optional fields) only says which fields are required, which a
 * test holds the catalogue to. (data/ also keeps a page of an operation the catalogue does not have.)
 */
export const REFERENCE_FILES: readonly ReferenceFile[] = Object.entries({
  'gateway.authenticatePayer@100.json': authenticatePayer100,
  'gateway.authorize@100.json': authorize100,
  'gateway.capture@100.json': capture100,
  'gateway.initiateAuthentication@100.json': initiateAuthentication100,
  'gateway.initiateBrowserPayment@100.json': initiateBrowserPayment100,
  'gateway.initiateCheckout@100.json': initiateCheckout100,
  'gateway.pay@100.json': pay100,
  'gateway.refund@100.json': refund100,
  'gateway.updateAuthorization@100.json': updateAuthorization100,
  'gateway.verify@100.json': verify100,
  'gateway.void@100.json': void100,
}).map(([name, data]) => checkedReference(name, data));

export function referenceFile(operation: string, version: number): ReferenceFile | undefined {
  return REFERENCE_FILES.find((f) => f.operation === operation && f.version === version);
}

/** True when the reference page of this documented version listed every request field (optional ones too). */
export function fieldListComplete(operation: string, version: number): boolean {
  return referenceFile(operation, version)?.complete === true;
}

/** The body of a documented version read from its page, the hand-written nodes laid over it. */
export function bodyFromReference(operation: string, version: number, handWritten: ObjectNode): ObjectNode {
  const file = referenceFile(operation, version);
  if (!file) throw new Error(`no reference data for ${operation}@${version}`);
  return overlay(referenceTree(file), handWritten).tree;
}

/** The hand-written paths the page does not have (a test keeps this list known and explained). */
export function droppedByReference(operation: string, version: number, handWritten: ObjectNode): string[] {
  const file = referenceFile(operation, version);
  return file ? overlay(referenceTree(file), handWritten).dropped : [];
}
