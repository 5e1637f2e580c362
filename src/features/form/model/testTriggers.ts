/**
 * The form's helpers for the gateway's test-mode triggers (the tables live in the catalogue's
 * testData): a test card number, an outcome chosen by expiry date, a CSC result, an AVS result.
 * Each is offered only when the operation has the field it fills.
 */
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import type { OperationDef } from '../../../catalogue/operations';
import { orderRole } from '../../../catalogue/orderRole';
import { AVS_STREETS, CSC_OUTCOMES, EXPIRY_OUTCOMES } from '../../../catalogue/testData';
import { TEST_CARD_LIST, testCardByNumber, type TestCard } from '../../../catalogue/testCards';
import { getAt, setAt } from './bodyPath';
import type { JsonObject } from './json';

export const TRIGGER_PATHS = {
  cardNumber: 'sourceOfFunds.provided.card.number',
  expiryMonth: 'sourceOfFunds.provided.card.expiry.month',
  expiryYear: 'sourceOfFunds.provided.card.expiry.year',
  securityCode: 'sourceOfFunds.provided.card.securityCode',
  street: 'billing.address.street',
  fundsType: 'sourceOfFunds.type',
} as const;

export interface TriggerChoice {
  value: string;
  label: string;
}

export interface AvailableTriggers {
  cards: TriggerChoice[];
  outcomes: TriggerChoice[];
  csc: TriggerChoice[];
  avs: TriggerChoice[];
}

const NONE: AvailableTriggers = { cards: [], outcomes: [], csc: [], avs: [] };

/**
 * Whether the operation sends a card for the gateway to process: it has the card number, and it is
 * neither a follow-up (a Refund acts on the order's card; its card fields are for the rare standalone
 * refund) nor a session update (the card is only stored). Test cards make sense only there.
 */
function sendsCardForProcessing(op: Pick<OperationDef, 'id' | 'pathParams'>, fields: readonly FieldMeta[]): boolean {
  if (orderRole(op.id) === 'followUp' || op.pathParams.some((p) => p.name === 'sessionId')) return false;
  return hasField(fields, TRIGGER_PATHS.cardNumber);
}

function hasField(fields: readonly FieldMeta[], path: string): boolean {
  return fields.some((f) => f.path === path);
}

/**
 * The pickers the operation can use: all empty where no card is sent for processing, and empty lists
 * for the ones whose fields it does not have. (A LIVE environment gets none: the form hides them.)
 */
export function availableTriggers(op: Pick<OperationDef, 'id' | 'pathParams'>, fields: readonly FieldMeta[]): AvailableTriggers {
  if (!sendsCardForProcessing(op, fields)) return NONE;
  const has = (p: string) => hasField(fields, p);
  return {
    cards: has(TRIGGER_PATHS.cardNumber) ? TEST_CARD_LIST.map((c) => ({ value: c.number, label: cardLabel(c) })) : [],
    outcomes: has(TRIGGER_PATHS.expiryMonth) && has(TRIGGER_PATHS.expiryYear)
      ? Object.entries(EXPIRY_OUTCOMES).map(([expiry, code]) => ({ value: expiry, label: `${expiry} → ${code}` }))
      : [],
    csc: has(TRIGGER_PATHS.securityCode) ? Object.entries(CSC_OUTCOMES).map(([csc, code]) => ({ value: csc, label: `${csc} → ${code}` })) : [],
    avs: has(TRIGGER_PATHS.street) ? Object.entries(AVS_STREETS).map(([street, code]) => ({ value: street, label: `${street} → ${code}` })) : [],
  };
}

/** The number, and for a 3-D Secure card the outcome it gives: "5123456789012346 · 3DS frictionless". */
function cardLabel(c: TestCard): string {
  return c.threeDS ? `${c.number} · 3DS ${c.threeDS}` : c.number;
}

/**
 * The card number, with the table's expiry and security code where the operation has those fields
 * and the body has none yet (an outcome picked first keeps its expiry), and the funds type CARD when
 * it is empty and CARD is allowed there.
 */
export function applyTestCard(body: JsonObject, number: string, fields: readonly FieldMeta[]): JsonObject {
  let out = setAt(body, TRIGGER_PATHS.cardNumber, number);
  const has = (p: string) => hasField(fields, p);
  const type = fields.find((f) => f.path === TRIGGER_PATHS.fundsType);
  if (type && getAt(out, TRIGGER_PATHS.fundsType) === undefined && (!type.enum || type.enum.includes('CARD'))) {
    out = setAt(out, TRIGGER_PATHS.fundsType, 'CARD');
  }
  const card = testCardByNumber(number);
  if (card && has(TRIGGER_PATHS.expiryMonth) && has(TRIGGER_PATHS.expiryYear) && getAt(out, TRIGGER_PATHS.expiryMonth) === undefined && getAt(out, TRIGGER_PATHS.expiryYear) === undefined) {
    out = setAt(setAt(out, TRIGGER_PATHS.expiryMonth, card.expiry.month), TRIGGER_PATHS.expiryYear, card.expiry.year);
  }
  if (card?.securityCode && has(TRIGGER_PATHS.securityCode) && getAt(out, TRIGGER_PATHS.securityCode) === undefined) {
    out = setAt(out, TRIGGER_PATHS.securityCode, card.securityCode);
  }
  return out;
}

/** "05/39" → month '5', year '39' (the gateway matches the month with or without its leading zero). */
export function applyExpiryOutcome(body: JsonObject, expiry: string): JsonObject {
  const m = /^(\d{1,2})\/(\d{2})$/.exec(expiry);
  if (!m) return body;
  return setAt(setAt(body, TRIGGER_PATHS.expiryMonth, String(Number(m[1]))), TRIGGER_PATHS.expiryYear, m[2] ?? '');
}

export function applySecurityCode(body: JsonObject, csc: string): JsonObject {
  return setAt(body, TRIGGER_PATHS.securityCode, csc);
}

export function applyAvsStreet(body: JsonObject, street: string): JsonObject {
  return setAt(body, TRIGGER_PATHS.street, street);
}
