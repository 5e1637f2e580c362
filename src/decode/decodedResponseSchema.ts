/**
 * A zod schema of DecodedResponse, for the places that receive one from outside the process:
 * history entries read back from disk, messages that cross into the webview. The interfaces in
 * types.ts stay the readable declaration; the check at the bottom fails to compile if the two drift.
 */
import * as z from 'zod/mini';
import { verdictActionIds } from './advice';
import type { DecodedResponse } from './types';

const codeExplanation = z.object({
  code: z.string(),
  known: z.boolean(),
  meaning: z.string(),
  category: z.optional(z.string()),
  nextStep: z.optional(z.string()),
});

const text = z.optional(z.string());

export const verdictSchema = z.object({
  tone: z.enum(['success', 'warning', 'error', 'info']),
  title: z.string(),
  detail: z.string(),
  action: z.optional(z.object({ id: z.enum(verdictActionIds), label: z.string() })),
});

export const decodedResponseSchema = z.object({
  api: z.enum(['gateway', 'financing']),
  operationId: z.string(),
  httpStatus: z.number(),
  verdict: verdictSchema,
  outcome: z.optional(z
    .object({
      result: z.string(),
      resultMeaning: z.string(),
      gatewayCode: z.optional(codeExplanation),
      acquirerCode: text,
      acquirerMessage: text,
      debugInformation: text,
    })),
  risk: z.optional(z
    .object({
      gatewayCode: z.optional(codeExplanation),
      review: z.optional(z.object({ decision: codeExplanation, reason: text, note: text })),
      reversal: z.optional(codeExplanation),
      totalScore: z.optional(z.number()),
      rules: z.array(
        z.object({ name: z.string(), type: text, recommendation: z.optional(codeExplanation), score: z.optional(z.number()), data: text }),
      ),
      source: z.enum(['risk.response', 'response.risk']),
    })),
  avs: z.optional(codeExplanation),
  csc: z.optional(codeExplanation),
  detailedVerification: z.optional(z.array(z.object({ type: z.string(), result: codeExplanation }))),
  threeDSecure: z.optional(z.object({ enrollment: z.optional(codeExplanation), authentication: z.optional(codeExplanation), acsEci: text })),
  authentication: z.optional(z.object({
    transactionId: text, version: text, status: text, transactionStatus: text, statusReasonCode: text, meaning: text, liabilityShift: text,
    proceed: z.boolean(), gatewayRecommendation: text, payerSaw: z.string(), stage: z.enum(['initiated', 'challenge', 'done']), challengeUrl: text, payerStep: text,
  })),
  browserPayment: z.optional(z
    .object({ status: codeExplanation, redirectUrl: text, redirectHtml: text, timestamps: z.array(z.object({ name: z.string(), value: z.string() })) })),
  order: z.optional(z
    .object({
      id: text,
      status: text,
      statusMeaning: text,
      reference: text,
      amount: text,
      currency: text,
      totalAuthorizedAmount: text,
      totalCapturedAmount: text,
      totalRefundedAmount: text,
      transactions: z.optional(z.array(z.object({
        id: text, type: text, amount: text, currency: text, result: text, gatewayCode: text, targetTransactionId: text, timeOfRecord: text,
      }))),
      transactionCount: z.optional(z.number()),
    })),
  transaction: z.optional(z
    .object({
      id: text,
      type: z.optional(codeExplanation),
      amount: text,
      currency: text,
      authorizationCode: text,
      reference: text,
      acquirerId: text,
      acquirerBatch: text,
    })),
  card: z.optional(z.object({ brand: text, scheme: text, number: text, expiry: text, fundingMethod: text })),
  session: z.optional(z.object({ id: text, updateStatus: z.optional(codeExplanation), version: text, paymentPageUrl: text })),
  record: z.optional(z.object({ merchant: text, timeOfRecord: text, gatewayEntryPoint: text, apiVersion: text, correlationId: text })),
  error: z.optional(z
    .object({
      httpStatus: z.number(),
      cause: z.optional(codeExplanation),
      explanation: text,
      field: text,
      validationType: z.optional(codeExplanation),
      supportCode: text,
      whatToFix: z.string(),
    })),
  financing: z.optional(z
    .object({
      success: z.optional(z.boolean()),
      message: z.optional(z.nullable(z.string())),
      tokenSet: z.optional(z
        .object({
          expiresInSeconds: z.number(),
          tokenType: text,
          accessTokenLength: z.optional(z.number()),
          refreshTokenLength: z.optional(z.number()),
        })),
      offers: z.optional(z
        .array(
          z.object({
            id: text,
            childId: text,
            name: z.string(),
            months: text,
            instalment: text,
            interest: text,
            dae: text,
            totalCreditAmount: text,
            loanAmount: text,
            analysisFee: text,
          }),
        )),
      sessionId: text,
      sessionUrl: text,
    })),
  notes: z.array(z.string()),
});

// Compile-time guard: the schema and the interfaces must describe exactly the same data.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const schemaMatchesInterfaces: Same<z.infer<typeof decodedResponseSchema>, DecodedResponse> = true;
void schemaMatchesInterfaces;
