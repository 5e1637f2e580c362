/**
 * Response models of both APIs as zod schemas. They are loose on purpose: real responses carry far
 * more fields than any document lists, and a newer gateway version must not make a response
 * "invalid". Codes are kept as open strings (with their known values as metadata) because a
 * gateway may answer a code no table knows yet; the decoder explains unknown codes instead of
 * rejecting the response.
 */
import { z } from 'zod';
import { operations, type OperationId } from './operations';
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
  return z.string().meta({ knownValues: [...knownValues], examples: [...knownValues] });
}

/** Amounts are JSON numbers in real gateway responses; text is accepted so nothing is lost or refused. */
const responseAmountSchema = z.union([z.number(), z.string()]);

const text = z.string();

// ─── Card gateway ─────────────────────────────────────────────────────────────

/** The risk result; real responses put it at top-level `risk.response`, the spec table at `response.risk`. */
const riskResultSchema = z.looseObject({
  gatewayCode: openCode(riskGatewayCodeValues).optional(),
  reversalResult: openCode(riskReversalResultValues).optional(),
  review: z
    .looseObject({
      decision: openCode(riskReviewDecisionValues).optional(),
      decisionReason: text.optional(),
      note: text.optional(),
      timeOfDecision: text.optional(),
      userId: text.optional(),
    })
    .optional(),
  rule: z
    .array(
      z.looseObject({
        data: text.optional(),
        id: text.optional(),
        name: text.optional(),
        recommendation: openCode(riskRuleRecommendationValues).optional(),
        score: z.number().optional(),
        type: openCode(riskRuleTypeValues).optional(),
      }),
    )
    .optional(),
  totalScore: z.number().optional(),
});

const verificationResultSchema = z.looseObject({
  acquirerCode: text.optional(),
  gatewayCode: text.optional(),
});

const gatewayOutcomeSchema = z.looseObject({
  gatewayCode: openCode(gatewayCodeValues),
  acquirerCode: text.optional(),
  acquirerMessage: text.optional(),
  debugInformation: text.optional(),
  cardSecurityCode: verificationResultSchema.extend({ gatewayCode: openCode(cscCodeValues).optional() }).optional(),
  cardholderVerification: z
    .looseObject({
      avs: verificationResultSchema.extend({ gatewayCode: openCode(avsCodeValues).optional() }).optional(),
      detailedVerification: z
        .array(
          z.looseObject({
            type: openCode(detailedVerificationTypeValues).optional(),
            gatewayCode: openCode(detailedVerificationCodeValues).optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  risk: riskResultSchema.optional(),
});

const responseOrderSchema = z.looseObject({
  id: text.optional(),
  amount: responseAmountSchema.optional(),
  currency: text.optional(),
  status: openCode(orderStatusValues).optional(),
  reference: text.optional(),
  description: text.optional(),
  creationTime: text.optional(),
  totalAuthorizedAmount: responseAmountSchema.optional(),
  totalCapturedAmount: responseAmountSchema.optional(),
  totalRefundedAmount: responseAmountSchema.optional(),
});

const responseTransactionSchema = z.looseObject({
  id: text.optional(),
  type: openCode(transactionTypeValues).optional(),
  amount: responseAmountSchema.optional(),
  currency: text.optional(),
  authorizationCode: text.optional(),
  reference: text.optional(),
  acquirer: z
    .looseObject({
      id: text.optional(),
      batch: z.number().optional(),
      merchantId: text.optional(),
      date: text.optional(),
      time: text.optional(),
    })
    .optional(),
});

const threeDSecureResponseSchema = z.looseObject({
  enrollmentStatus: openCode(threeDsEnrollmentValues).optional(),
  authenticationStatus: openCode(threeDsAuthStatusValues).optional(),
  acsEci: text.optional(),
  xid: text.optional(),
  authenticationToken: text.optional(),
});

const browserPaymentResponseSchema = z.looseObject({
  redirectUrl: text.optional(),
  returnUrl: text.optional(),
  operation: text.optional(),
  interaction: z
    .looseObject({
      status: openCode(browserPaymentStateValues).optional(),
      timeInitiated: text.optional(),
      timeRedirected: text.optional(),
      timeReturned: text.optional(),
      timeCompleted: text.optional(),
    })
    .optional(),
});

const sourceOfFundsResponseSchema = z.looseObject({
  type: text.optional(),
  token: text.optional(),
  provided: z
    .looseObject({
      card: z
        .looseObject({
          brand: text.optional(),
          scheme: text.optional(),
          localBrand: text.optional(),
          number: text.optional(),
          fundingMethod: text.optional(),
          expiry: z.looseObject({ month: z.union([text, z.number()]).optional(), year: z.union([text, z.number()]).optional() }).optional(),
          holder: z.looseObject({ firstName: text.optional(), lastName: text.optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
});

/** A completed gateway operation (approved or declined): HTTP 200/201 with result and response.gatewayCode. */
export const gatewayResponseSchema = z.looseObject({
  result: openCode(resultValues),
  response: gatewayOutcomeSchema,
  risk: z.looseObject({ response: riskResultSchema.optional() }).optional(),
  order: responseOrderSchema.optional(),
  transaction: responseTransactionSchema.optional(),
  '3DSecure': threeDSecureResponseSchema.optional(),
  browserPayment: browserPaymentResponseSchema.optional(),
  sourceOfFunds: sourceOfFundsResponseSchema.optional(),
  gatewayEntryPoint: openCode(gatewayEntryPointValues).optional(),
  timeOfRecord: text.optional(),
  merchant: text.optional(),
  correlationId: text.optional(),
  // Real responses send the version as text ("74"); a number is accepted too.
  version: z.union([text, z.number()]).optional(),
});

/** A request the gateway refused (not a decline): result ERROR with the error group. */
export const gatewayErrorSchema = z.looseObject({
  result: z.literal('ERROR'),
  error: z.looseObject({
    cause: openCode(errorCauseValues),
    explanation: text.optional(),
    field: text.optional(),
    validationType: openCode(validationTypeValues).optional(),
    supportCode: text.optional(),
  }),
});

export const updateSessionResponseSchema = z.looseObject({
  merchant: text.optional(),
  session: z.looseObject({
    id: text,
    updateStatus: openCode(sessionUpdateStatusValues).optional(),
    version: text.optional(),
  }),
  version: z.union([text, z.number()]).optional(),
});

// ─── Financing partner ────────────────────────────────────────────────────────

export const financingTokenSetSchema = z.looseObject({
  token_type: z.literal('Bearer'),
  /** Lifetime of the access token, in seconds (inferred, as in OAuth 2). */
  expires_in: z.number().int().nonnegative(),
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
});

const logoutResponseSchema = z.looseObject({
  message: z.string(),
});

const offerSchema = z.looseObject({
  id: z.number().int(),
  childId: z.number().int(),
  name: z.string(),
  installment: z.number(),
  interest: z.number(),
  /** Annual percentage rate (APR) of the offer. */
  dae: z.number(),
  total_credit_amount: z.number(),
  loan_amount: z.number(),
  analysis_fee: z.number(),
  credit_period_months: z.number().int(),
});

export const offersResponseSchema = z.looseObject({
  success: z.boolean(),
  message: z.string().nullable(),
  data: z.looseObject({
    offers: z.array(offerSchema),
    sessionID: z.string(),
  }),
});

const offersSelectFirstResponseSchema = z.looseObject({
  success: z.boolean(),
  message: z.string().nullable(),
  data: z.looseObject({
    sessionUrl: z.string(),
  }),
});

/** What the financing API answers when `success` is false: the message says why, data may be absent. */
export const financingFailureSchema = z.looseObject({
  success: z.literal(false),
  message: z.string().nullable(),
  data: z.unknown().optional(),
});

// ─── Operation → response schema ─────────────────────────────────────────────

/** The operations whose answers these schemas describe: all of them, as the catalogue declares them. */
export const responseOperationIds: readonly OperationId[] = operations.map((o) => o.id);

/** The documented success body of each financing operation; undefined for any other id. */
export function financingSuccessSchema(operationId: string): z.ZodType | undefined {
  switch (operationId) {
    case 'financing.login':
    case 'financing.refreshToken':
      return financingTokenSetSchema;
    case 'financing.logout':
      return logoutResponseSchema;
    case 'financing.offers':
      return offersResponseSchema;
    case 'financing.offersSelectFirst':
      return offersSelectFirstResponseSchema;
    default:
      return undefined;
  }
}

const gatewayAnswer = z.union([gatewayResponseSchema, gatewayErrorSchema]);
const sessionAnswer = z.union([updateSessionResponseSchema, gatewayErrorSchema]);

/**
 * Every body the operation may answer with, the error envelope included (an error is a normal
 * answer, not a broken one). `version` is accepted for the day the shapes differ per version; the
 * loose schemas already cover the documented versions (16 and 100 of browser payment only add fields).
 * Returns undefined for an operation id this file does not know.
 */
export function responseSchemaFor(operationId: string, version?: number): z.ZodType | undefined {
  void version;
  const financing = financingSuccessSchema(operationId);
  // Only the offers calls answer a refusal with {success:false}; the auth calls use HTTP statuses.
  if (financing) return operationId.startsWith('financing.offers') ? z.union([financing, financingFailureSchema]) : financing;
  switch (operationId) {
    case 'gateway.authorize':
    case 'gateway.updateAuthorization':
    case 'gateway.refund':
    case 'gateway.verify':
    case 'gateway.initiateBrowserPayment':
      return gatewayAnswer;
    case 'gateway.updateSession':
      return sessionAnswer;
    default:
      return undefined;
  }
}
