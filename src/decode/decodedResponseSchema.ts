/**
 * A zod schema of DecodedResponse, for the places that receive one from outside the process:
 * history entries read back from disk, messages that cross into the webview. The interfaces in
 * types.ts stay the readable declaration; the check at the bottom fails to compile if the two drift.
 */
import { z } from 'zod';
import { verdictActionIds } from './advice';
import type { DecodedResponse } from './types';

const codeExplanation = z.object({
  code: z.string(),
  known: z.boolean(),
  meaning: z.string(),
  category: z.string().optional(),
  nextStep: z.string().optional(),
});

const text = z.string().optional();

export const verdictSchema = z.object({
  tone: z.enum(['success', 'warning', 'error', 'info']),
  title: z.string(),
  detail: z.string(),
  action: z.object({ id: z.enum(verdictActionIds), label: z.string() }).optional(),
});

export const decodedResponseSchema = z.object({
  api: z.enum(['gateway', 'financing']),
  operationId: z.string(),
  httpStatus: z.number(),
  verdict: verdictSchema,
  outcome: z
    .object({
      result: z.string(),
      resultMeaning: z.string(),
      gatewayCode: codeExplanation.optional(),
      acquirerCode: text,
      acquirerMessage: text,
      debugInformation: text,
    })
    .optional(),
  risk: z
    .object({
      gatewayCode: codeExplanation.optional(),
      review: z.object({ decision: codeExplanation, reason: text, note: text }).optional(),
      reversal: codeExplanation.optional(),
      totalScore: z.number().optional(),
      rules: z.array(
        z.object({ name: z.string(), type: text, recommendation: codeExplanation.optional(), score: z.number().optional(), data: text }),
      ),
      source: z.enum(['risk.response', 'response.risk']),
    })
    .optional(),
  avs: codeExplanation.optional(),
  csc: codeExplanation.optional(),
  detailedVerification: z.array(z.object({ type: z.string(), result: codeExplanation })).optional(),
  threeDSecure: z.object({ enrollment: codeExplanation.optional(), authentication: codeExplanation.optional(), acsEci: text }).optional(),
  browserPayment: z
    .object({ status: codeExplanation, redirectUrl: text, redirectHtml: text, timestamps: z.array(z.object({ name: z.string(), value: z.string() })) })
    .optional(),
  order: z
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
    })
    .optional(),
  transaction: z
    .object({
      id: text,
      type: codeExplanation.optional(),
      amount: text,
      currency: text,
      authorizationCode: text,
      reference: text,
      acquirerId: text,
      acquirerBatch: text,
    })
    .optional(),
  card: z.object({ brand: text, scheme: text, number: text, expiry: text, fundingMethod: text }).optional(),
  session: z.object({ id: text, updateStatus: codeExplanation.optional(), version: text }).optional(),
  record: z.object({ merchant: text, timeOfRecord: text, gatewayEntryPoint: text, apiVersion: text, correlationId: text }).optional(),
  error: z
    .object({
      httpStatus: z.number(),
      cause: codeExplanation.optional(),
      explanation: text,
      field: text,
      validationType: codeExplanation.optional(),
      supportCode: text,
      whatToFix: z.string(),
    })
    .optional(),
  financing: z
    .object({
      success: z.boolean().optional(),
      message: z.string().nullable().optional(),
      tokenSet: z
        .object({
          expiresInSeconds: z.number(),
          tokenType: text,
          accessTokenLength: z.number().optional(),
          refreshTokenLength: z.number().optional(),
        })
        .optional(),
      offers: z
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
        )
        .optional(),
      sessionId: text,
      sessionUrl: text,
    })
    .optional(),
  notes: z.array(z.string()),
});

// Compile-time guard: the schema and the interfaces must describe exactly the same data.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const schemaMatchesInterfaces: Same<z.infer<typeof decodedResponseSchema>, DecodedResponse> = true;
void schemaMatchesInterfaces;
