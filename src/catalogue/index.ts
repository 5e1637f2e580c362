/**
 * Public API of the request-side field catalogue. No vscode, no DOM: this code also runs in the
 * webview bundle and in the simulator. The form's webview imports the modules it needs, not this
 * index: re-exported tables with load-time work (answerFields.ts) would ride along into its bundle.
 */
export type { OperationDef, OperationId } from './operations';
export type { HostedPaymentOperationId } from './hostedPaymentOperations';
export { getOperation, operations } from './operations';
export type { Continuation, OperationKey, OperationRecord, OrderRole, ResponseShape, SelectedOperationId, SimulatorRoute } from './operationRecord';
export { continuationOf, OPERATION_OF_TRANSACTION_TYPE, OPERATION_RECORDS, recordOf, SELECTED_OPERATIONS, TRANSACTION_PROCESSED, transactionTypeOf } from './operationRecord';
export type { AnswerAt, AnswerFieldRow, AnswerOutcome, AnswerValueKind } from './answerFields';
export { ANSWER_FIELDS, ANSWER_FIELD_PATHS, answerCarries, answerFieldKind, answerPathsOf, NEVER_ANSWERED_PATHS } from './answerFields';
export type { ApiOperationName } from './versions';
export {
  GATEWAY_VERSIONS, PINNED_VERSIONS, apiOperationAt, authAt, describeRange, isServedVersion, rangeLabel, versionPropertySchema, versionsByDocumentation, bodyBranchCondition, nearestDocumented, servesVersion, versionChoices, versionProblem,
} from './versions';
export type { PathParam } from './pathParams';
export { validatePathParam } from './pathParams';
export type { FieldMeta } from './fieldIndex';
export type { ValidationIssue } from './issues';
export { isError } from './issues';
export { bodyMayBeAbsent, checkBody, validateBody, validateField } from './validate';
export { namedSession, requiredFieldsUnder, SESSION_MAY_HOLD, sessionMayHold, sessionReaderKnows, sessionSupplied, takesSessionId } from './sessionSupply';
export { namedByGateway } from './gatewayNaming';
export { exampleBody } from './example';
export { requestSchema } from './requestSchema';
export type { RequestFile } from './requestFile';
export { parseRequestFile, requestFileJsonSchema } from './requestFile';
export { crossFieldRules } from './rules';
export { fieldsOf } from './fields';

