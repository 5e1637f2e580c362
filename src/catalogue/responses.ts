/**
 * Response models of both APIs as zod schemas. They are loose on purpose: real responses carry far
 * more fields than any document lists, and a newer gateway version must not make a response
 * "invalid". Codes are kept as open strings (with their known values as metadata) because a
 * gateway may answer a code no table knows yet; the decoder explains unknown codes instead of
 * rejecting the response.
 */
import * as z from 'zod/mini';
import { operations, type OperationId } from './operations';
import { operationIds, recordOf, type ResponseShape } from './operationRecord';
import { answerFieldKind, answerPathsOf } from './answerFields';
import {
  avsCodeValues,
  browserPaymentStateValues,
  cscCodeValues,
  detailedVerificationCodeValues,
  detailedVerificationTypeValues,
  errorCauseValues,
  gatewayCodeValues,
  gatewayEntryPointValues,
  orderStatusValues,
  resultValues,
  riskGatewayCodeValues,
  riskReversalResultValues,
  riskReviewDecisionValues,
  riskRuleRecommendationValues,
  riskRuleTypeValues,
  sessionUpdateStatusValues,
  threeDsAuthStatusValues,
  threeDsEnrollmentValues,
  transactionTypeValues,
  validationTypeValues,
} from './codes';

/**
 * An open code: any string is accepted. The known values travel as metadata: `knownValues` for code,
 * `examples` because JSON Schema consumers (the VS Code JSON editor) offer examples as completions.
 */
function openCode(knownValues: readonly string[]) {
  return z.string().check(z.meta({ knownValues: [...knownValues], examples: [...knownValues] }));
}

/** Amounts are JSON numbers in real gateway responses; text is accepted so nothing is lost or refused. */
const responseAmountSchema = z.union([z.number(), z.string()]);

const text = z.string();

// ─── The answer-field table (answerFields.ts) ─────────────────────────────────

type Shape = Record<string, z.ZodMiniType>;
interface PathTree { [key: string]: PathTree | string }

/** The dotted paths as a tree of their parts; a leaf holds its whole path. */
function treeOf(paths: readonly string[]): PathTree {
  const root: PathTree = {};
  for (const path of paths) {
    const parts = path.split('.');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) { node[part] ??= path; return; }
      const next = node[part];
      if (typeof next === 'object') { node = next; return; }
      const made: PathTree = {};
      node[part] = made;
      node = made;
    });
  }
  return root;
}

function leafSchema(path: string): z.ZodMiniType {
  switch (answerFieldKind(path)) {
    case 'amount': return responseAmountSchema;
    case 'group': return z.looseObject({});
    default: return text;
  }
}

/** The members of an object schema, optional or not; undefined for any other schema. */
function objectShapeOf(schema: z.ZodMiniType): Shape | undefined {
  const inner = schema instanceof z.ZodMiniOptional ? schema._zod.def.innerType : schema;
  return inner instanceof z.ZodMiniObject ? (inner.shape as Shape) : undefined;
}

/** A hand-written shape with the table's paths added: new members optional, groups merged member by member (never replaced). */
function withAnswerFields(shape: Shape, tree: PathTree): Shape {
  const merged: Shape = { ...shape };
  for (const [key, sub] of Object.entries(tree)) {
    const existing = merged[key];
    if (typeof sub === 'string') {
      merged[key] ??= z.optional(leafSchema(sub));
      continue;
    }
    const members = existing === undefined ? {} : objectShapeOf(existing);
    if (members === undefined) continue; // a hand-written non-object stays as written
    const group = z.looseObject(withAnswerFields(members, sub));
    merged[key] = existing === undefined || existing instanceof z.ZodMiniOptional ? z.optional(group) : group;
  }
  return merged;
}

type LooseOf<S extends Shape> = ReturnType<typeof z.looseObject<S>>;

/**
 * The answer schema of a shape: its hand-written members plus every path answerFields.ts lists for an
 * operation answering with it. Typed as the hand-written object: every added member is optional and the
 * object loose, so that type stays true of every answer the schema accepts.
 */
function answerSchema<S extends Shape>(shape: ResponseShape, members: S): LooseOf<S> {
  const answering = operationIds.filter((id) => recordOf(id)?.response === shape);
  return z.looseObject(withAnswerFields(members, treeOf(answerPathsOf(answering)))) as unknown as LooseOf<S>;
}

// ─── Card gateway ─────────────────────────────────────────────────────────────

/** The risk result; real responses put it at top-level `risk.response`, the spec table at `response.risk`. */
const riskResultSchema = z.looseObject({
  gatewayCode: z.optional(openCode(riskGatewayCodeValues)),
  reversalResult: z.optional(openCode(riskReversalResultValues)),
  review: z.optional(z
    .looseObject({
      decision: z.optional(openCode(riskReviewDecisionValues)),
      decisionReason: z.optional(text),
      note: z.optional(text),
      timeOfDecision: z.optional(text),
      userId: z.optional(text),
    })),
  rule: z.optional(z
    .array(
      z.looseObject({
        data: z.optional(text),
        id: z.optional(text),
        name: z.optional(text),
        recommendation: z.optional(openCode(riskRuleRecommendationValues)),
        score: z.optional(z.number()),
        type: z.optional(openCode(riskRuleTypeValues)),
      }),
    )),
  totalScore: z.optional(z.number()),
});

const verificationResultSchema = z.looseObject({
  acquirerCode: z.optional(text),
  gatewayCode: z.optional(text),
});

const gatewayOutcomeSchema = z.looseObject({
  gatewayCode: openCode(gatewayCodeValues),
  acquirerCode: z.optional(text),
  acquirerMessage: z.optional(text),
  debugInformation: z.optional(text),
  cardSecurityCode: z.optional(z.extend(verificationResultSchema, { gatewayCode: z.optional(openCode(cscCodeValues)) })),
  cardholderVerification: z.optional(z
    .looseObject({
      avs: z.optional(z.extend(verificationResultSchema, { gatewayCode: z.optional(openCode(avsCodeValues)) })),
      detailedVerification: z.optional(z
        .array(
          z.looseObject({
            type: z.optional(openCode(detailedVerificationTypeValues)),
            gatewayCode: z.optional(openCode(detailedVerificationCodeValues)),
          }),
        )),
    })),
  risk: z.optional(riskResultSchema),
});

const responseOrderSchema = z.looseObject({
  id: z.optional(text),
  amount: z.optional(responseAmountSchema),
  currency: z.optional(text),
  status: z.optional(openCode(orderStatusValues)),
  reference: z.optional(text),
  description: z.optional(text),
  creationTime: z.optional(text),
  totalAuthorizedAmount: z.optional(responseAmountSchema),
  totalCapturedAmount: z.optional(responseAmountSchema),
  totalRefundedAmount: z.optional(responseAmountSchema),
});

const responseTransactionSchema = z.looseObject({
  id: z.optional(text),
  type: z.optional(openCode(transactionTypeValues)),
  amount: z.optional(responseAmountSchema),
  currency: z.optional(text),
  authorizationCode: z.optional(text),
  reference: z.optional(text),
  acquirer: z.optional(z
    .looseObject({
      id: z.optional(text),
      batch: z.optional(z.number()),
      merchantId: z.optional(text),
      date: z.optional(text),
      time: z.optional(text),
    })),
});

const threeDSecureResponseSchema = z.looseObject({
  enrollmentStatus: z.optional(openCode(threeDsEnrollmentValues)),
  authenticationStatus: z.optional(openCode(threeDsAuthStatusValues)),
  acsEci: z.optional(text),
  xid: z.optional(text),
  authenticationToken: z.optional(text),
});

const browserPaymentResponseSchema = z.looseObject({
  redirectUrl: z.optional(text),
  returnUrl: z.optional(text),
  operation: z.optional(text),
  interaction: z.optional(z
    .looseObject({
      status: z.optional(openCode(browserPaymentStateValues)),
      timeInitiated: z.optional(text),
      timeRedirected: z.optional(text),
      timeReturned: z.optional(text),
      timeCompleted: z.optional(text),
    })),
});

const sourceOfFundsResponseSchema = z.looseObject({
  type: z.optional(text),
  token: z.optional(text),
  provided: z.optional(z
    .looseObject({
      card: z.optional(z
        .looseObject({
          brand: z.optional(text),
          scheme: z.optional(text),
          localBrand: z.optional(text),
          number: z.optional(text),
          fundingMethod: z.optional(text),
          expiry: z.optional(z.looseObject({ month: z.optional(z.union([text, z.number()])), year: z.optional(z.union([text, z.number()])) })),
          holder: z.optional(z.looseObject({ firstName: z.optional(text), lastName: z.optional(text) })),
        })),
    })),
});

/** A completed gateway operation (approved or declined): HTTP 200/201 with result and response.gatewayCode. */
export const gatewayResponseSchema = answerSchema('transaction', {
  result: openCode(resultValues),
  response: gatewayOutcomeSchema,
  risk: z.optional(z.looseObject({ response: z.optional(riskResultSchema) })),
  order: z.optional(responseOrderSchema),
  transaction: z.optional(responseTransactionSchema),
  '3DSecure': z.optional(threeDSecureResponseSchema),
  browserPayment: z.optional(browserPaymentResponseSchema),
  sourceOfFunds: z.optional(sourceOfFundsResponseSchema),
  gatewayEntryPoint: z.optional(openCode(gatewayEntryPointValues)),
  timeOfRecord: z.optional(text),
  merchant: z.optional(text),
  correlationId: z.optional(text),
  // Real responses send the version as text ("74"); a number is accepted too.
  version: z.optional(z.union([text, z.number()])),
});

/** A request the gateway refused (not a decline): result ERROR with the error group. */
export const gatewayErrorSchema = z.looseObject({
  result: z.literal('ERROR'),
  error: z.looseObject({
    cause: openCode(errorCauseValues),
    explanation: z.optional(text),
    field: z.optional(text),
    validationType: z.optional(openCode(validationTypeValues)),
    supportCode: z.optional(text),
  }),
});

export const updateSessionResponseSchema = answerSchema('session', {
  merchant: z.optional(text),
  session: z.looseObject({
    // Left out of the answer to an update sent with session authentication (payer output fields only).
    id: z.optional(text),
    authenticationLimit: z.optional(z.number()),
    updateStatus: z.optional(openCode(sessionUpdateStatusValues)),
    version: z.optional(text),
  }),
  version: z.optional(z.union([text, z.number()])),
});

/** Payment Options Inquiry (shape inferred: paymentTypes.card.cardTypes[] with their currencies). */
export const paymentOptionsResponseSchema = z.looseObject({
  merchant: z.optional(text),
  result: z.optional(text),
  paymentTypes: z.optional(z.looseObject({})),
});

/**
 * Check Gateway (REST v59 page): `status` OPERATING or SHUTDOWN and `gatewayVersion` (5 to 32 ASCII
 * characters), both "always provided". Open codes: a status the page does not list is shown, not refused.
 */
export const gatewayInformationResponseSchema = z.looseObject({
  gatewayVersion: z.optional(text),
  status: z.optional(openCode(['OPERATING', 'SHUTDOWN'])),
});

/** Create, Update and Retrieve Token (Tokenization reference samples); Delete Token answers { result }. */
export const tokenResponseSchema = z.looseObject({
  repositoryId: z.optional(text),
  result: z.optional(text),
  status: z.optional(text),
  token: z.optional(text),
  verificationStrategy: z.optional(text),
});

// ─── Financing partner ────────────────────────────────────────────────────────

export const financingTokenSetSchema = z.looseObject({
  token_type: z.literal('Bearer'),
  /** Lifetime of the access token, in seconds (inferred, as in OAuth 2). */
  expires_in: z.number().check(z.int(), z.nonnegative()),
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
});

const logoutResponseSchema = z.looseObject({
  message: z.string(),
});

const offerSchema = z.looseObject({
  id: z.number().check(z.int()),
  childId: z.number().check(z.int()),
  name: z.string(),
  installment: z.number(),
  interest: z.number(),
  /** Annual percentage rate (APR) of the offer. */
  dae: z.number(),
  total_credit_amount: z.number(),
  loan_amount: z.number(),
  analysis_fee: z.number(),
  credit_period_months: z.number().check(z.int()),
});

export const offersResponseSchema = z.looseObject({
  success: z.boolean(),
  message: z.nullable(z.string()),
  data: z.looseObject({
    offers: z.array(offerSchema),
    sessionID: z.string(),
  }),
});

const offersSelectFirstResponseSchema = z.looseObject({
  success: z.boolean(),
  message: z.nullable(z.string()),
  data: z.looseObject({
    sessionUrl: z.string(),
  }),
});

/** What the financing API answers when `success` is false: the message says why, data may be absent. */
export const financingFailureSchema = z.looseObject({
  success: z.literal(false),
  message: z.nullable(z.string()),
  data: z.optional(z.unknown()),
});

// ─── Operation → response schema ─────────────────────────────────────────────

/** The operations whose answers these schemas describe: all of them, as the catalogue declares them. */
export const responseOperationIds: readonly OperationId[] = operations.map((o) => o.id);

/** The documented success body of each financing operation; undefined for any other id. */
export function financingSuccessSchema(operationId: string): z.ZodMiniType | undefined {
  return operationId.startsWith('financing.') ? successSchemaFor(operationId) : undefined;
}

/** Retrieve Order (public API reference): the order's own fields at the top, every transaction in `transaction[]`. */
export const retrieveOrderResponseSchema = answerSchema('order', {
  id: z.optional(text),
  status: z.optional(openCode(orderStatusValues)),
  amount: z.optional(responseAmountSchema),
  currency: z.optional(text),
  totalAuthorizedAmount: z.optional(responseAmountSchema),
  totalCapturedAmount: z.optional(responseAmountSchema),
  totalRefundedAmount: z.optional(responseAmountSchema),
  result: z.optional(openCode(resultValues)),
  transaction: z.optional(z.array(gatewayResponseSchema)),
});

const gatewayAnswer = z.union([gatewayResponseSchema, gatewayErrorSchema]);
const orderAnswer = z.union([retrieveOrderResponseSchema, gatewayErrorSchema]);
const sessionAnswer = z.union([updateSessionResponseSchema, gatewayErrorSchema]);
const tokenAnswer = z.union([tokenResponseSchema, gatewayErrorSchema]);
const paymentOptionsAnswer = z.union([paymentOptionsResponseSchema, gatewayErrorSchema]);
const gatewayInformationAnswer = z.union([gatewayInformationResponseSchema, gatewayErrorSchema]);

/** The answers of each response shape an operation record names (operationRecord.ts). */
const ANSWERS: Record<ResponseShape, z.ZodMiniType> = {
  transaction: gatewayAnswer,
  order: orderAnswer,
  session: sessionAnswer,
  token: tokenAnswer,
  paymentOptions: paymentOptionsAnswer,
  gatewayInformation: gatewayInformationAnswer,
  financingTokens: financingTokenSetSchema,
  financingLogout: logoutResponseSchema,
  // Only the offers calls answer a refusal with {success:false}; the auth calls use HTTP statuses.
  offers: z.union([offersResponseSchema, financingFailureSchema]),
  offersSelectFirst: z.union([offersSelectFirstResponseSchema, financingFailureSchema]),
};

/** The success body of each shape, without the error envelope (the OpenAPI description's 2xx answer). */
const SUCCESSES: Record<ResponseShape, z.ZodMiniType> = {
  transaction: gatewayResponseSchema,
  order: retrieveOrderResponseSchema,
  session: updateSessionResponseSchema,
  token: tokenResponseSchema,
  paymentOptions: paymentOptionsResponseSchema,
  gatewayInformation: gatewayInformationResponseSchema,
  financingTokens: financingTokenSetSchema,
  financingLogout: logoutResponseSchema,
  offers: offersResponseSchema,
  offersSelectFirst: offersSelectFirstResponseSchema,
};

/**
 * Every body the operation may answer with, the error envelope included (an error is a normal
 * answer, not a broken one). `version` is accepted for the day the shapes differ per version; the
 * loose schemas already cover the documented versions (16 and 100 of browser payment only add fields).
 * Returns undefined for an operation id this file does not know.
 */
export function responseSchemaFor(operationId: string, version?: number): z.ZodMiniType | undefined {
  void version;
  const shape = recordOf(operationId)?.response;
  return shape === undefined ? undefined : ANSWERS[shape];
}

/** The success answer of an operation (no error envelope); undefined for an unknown id. */
export function successSchemaFor(operationId: string): z.ZodMiniType | undefined {
  const shape = recordOf(operationId)?.response;
  return shape === undefined ? undefined : SUCCESSES[shape];
}
