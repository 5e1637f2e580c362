import { compile } from './compiled';
import type { FieldMeta } from './fieldIndex';
import type { OperationId } from './operations';

/** Flattened fields of a body, in declaration order (stable), for form generation. [] when there is no body. */
export function fieldsOf(id: OperationId, version?: number): FieldMeta[] {
  return compile(id, version).index?.list.map((m) => ({ ...m })) ?? [];
}
