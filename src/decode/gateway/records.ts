import { ORDER_STATUSES, TRANSACTION_TYPES } from '../../catalogue/codes';
import { maskCardNumber } from '../../redaction';
import { BodyView, definedOnly, hasAny } from '../bodyView';
import { explainCode } from '../explain';
import type { DecodedCard, DecodedOrder, DecodedRecord, DecodedTransaction } from '../types';

export function decodeOrder(view: BodyView): DecodedOrder | undefined {
  if (!view.record(['order'])) return undefined;
  const status = view.text(['order', 'status']);
  const statusInfo = status !== undefined ? explainCode(ORDER_STATUSES, status) : undefined;
  const order: DecodedOrder = definedOnly({
    id: view.text(['order', 'id']),
    status,
    statusMeaning: statusInfo?.meaning,
    reference: view.text(['order', 'reference']),
    amount: view.amount(['order', 'amount']),
    currency: view.text(['order', 'currency']),
    totalAuthorizedAmount: view.amount(['order', 'totalAuthorizedAmount']),
    totalCapturedAmount: view.amount(['order', 'totalCapturedAmount']),
    totalRefundedAmount: view.amount(['order', 'totalRefundedAmount']),
  });
  return hasAny(order) ? order : undefined;
}

export function decodeTransaction(view: BodyView): DecodedTransaction | undefined {
  if (!view.record(['transaction'])) return undefined;
  const type = view.at(['transaction', 'type']);
  const transaction: DecodedTransaction = definedOnly({
    id: view.text(['transaction', 'id']),
    type: type !== undefined ? explainCode(TRANSACTION_TYPES, type) : undefined,
    amount: view.amount(['transaction', 'amount']),
    currency: view.text(['transaction', 'currency']),
    authorizationCode: view.text(['transaction', 'authorizationCode']),
    reference: view.text(['transaction', 'reference']),
    acquirerId: view.text(['transaction', 'acquirer', 'id']),
    acquirerBatch: view.text(['transaction', 'acquirer', 'batch']),
  });
  return hasAny(transaction) ? transaction : undefined;
}

const CARD: readonly string[] = ['sourceOfFunds', 'provided', 'card'];

export function decodeCard(view: BodyView, notes: string[]): DecodedCard | undefined {
  if (!view.record(CARD)) return undefined;
  const number = view.text([...CARD, 'number']);
  const masked = number !== undefined ? maskCardNumber(number) : undefined;
  if (masked !== number) notes.push('The card number arrived unmasked (responseControls.sensitiveData UNMASK?); it is shown masked here.');
  // Token answers carry the expiry as MMYY text ("0139"); transactions as { month, year }.
  const mmyy = /^(\d{2})(\d{2})$/.exec(view.text([...CARD, 'expiry']) ?? '');
  const month = mmyy?.[1] ?? view.text([...CARD, 'expiry', 'month']);
  const year = mmyy?.[2] ?? view.text([...CARD, 'expiry', 'year']);
  const card: DecodedCard = definedOnly({
    brand: view.text([...CARD, 'brand']),
    scheme: view.text([...CARD, 'scheme']),
    number: masked,
    expiry: month !== undefined || year !== undefined ? `${(month ?? '??').padStart(2, '0')}/${year ?? '??'}` : undefined,
    fundingMethod: view.text([...CARD, 'fundingMethod']),
  });
  return hasAny(card) ? card : undefined;
}

export function decodeRecord(view: BodyView): DecodedRecord | undefined {
  const record: DecodedRecord = definedOnly({
    merchant: view.text(['merchant']),
    timeOfRecord: view.text(['timeOfRecord']),
    gatewayEntryPoint: view.text(['gatewayEntryPoint']),
    apiVersion: view.text(['version']),
    correlationId: view.text(['correlationId']),
  });
  return hasAny(record) ? record : undefined;
}
