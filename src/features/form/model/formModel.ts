/** Everything the form derives from (operation, version): computed once per render, never per keystroke. */
import { fieldsOf } from '../../../catalogue/fields';
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import { getOperation, type OperationDef } from '../../../catalogue/operations';
import type { PathParam } from '../../../catalogue/pathParams';
import { fieldLookup, type FieldLookup } from './fieldLookup';
import { effectiveVersion, formPathParams } from './formState';
import { buildLayout, inVersion, type FormLayout } from './layout';
import { requiredPathsOf } from './requiredFields';
import { availableTriggers, type AvailableTriggers } from './testTriggers';

export interface FormModel {
  op: OperationDef;
  version: number | undefined;
  fields: FieldMeta[];
  lookup: FieldLookup;
  required: ReadonlySet<string>;
  layout: FormLayout;
  params: PathParam[];
  triggers: AvailableTriggers;
}

/** Undefined for an operation the catalogue does not know. */
export function formModel(operationId: string, requestedVersion: number | undefined): FormModel | undefined {
  const op = getOperation(operationId);
  if (!op) return undefined;
  const version = effectiveVersion(op, requestedVersion);
  const fields = fieldsOf(op.id, version).filter((f) => inVersion(f, version));
  const required = requiredPathsOf(op.id, version, fields);
  return {
    op, version, fields, required,
    lookup: fieldLookup(fields),
    layout: buildLayout(fields, version, required),
    params: formPathParams(op),
    triggers: availableTriggers(op, fields),
  };
}
