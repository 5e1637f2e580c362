/**
 * The request field lists read from the gateway's API reference pages (data/*.json, SOURCES.md), and
 * what the catalogue concludes from them: a documented version whose list is complete refuses a
 * name it does not know, as the gateway does.
 */
import type { ObjectNode } from '../fieldTree';
import { checkedReference, type ReferenceFile } from './referenceFile';
import { overlay, referenceTree } from './referenceTree';
import refund100 from './data/gateway.refund@100.json';

export type { ReferenceField, ReferenceFile } from './referenceFile';

/** Each documented version read from a page; only files a body is built from are loaded (the others wait in data/). */
export const REFERENCE_FILES: readonly ReferenceFile[] = [checkedReference('gateway.refund@100.json', refund100)];

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
