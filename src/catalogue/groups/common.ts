/** "Common request fields": sent on every gateway operation. */
import { enumOf, text } from '../formats';
import { map, obj, req, type Fields } from '../fieldTree';

/** order.custom.X: merchant-chosen keys, not sent to acquirers. */
function customFieldsMap() {
  return map(text(1, 250, 'Merchant-defined value, 1 to 250 characters; not sent to acquirers.', { example: 'value' }), {
    group: 'Custom fields',
    help: 'order.custom.X: up to 50 merchant-defined fields; each name X is under 100 characters from A-Z a-z 0-9, each value 1 to 250 characters; not sent to acquirers.',
    keyPattern: /^[A-Za-z0-9]{1,99}$/,
    keyHint: 'under 100 characters from A-Z a-z 0-9',
    keyMaxLength: 99,
    maxKeys: 50,
  });
}

interface ApiOperationValue {
  value: string;
  /** True when the spec says "not shown" and the value is the real gateway's. */
  fromRealGateway: boolean;
}

export function commonGatewayFields(apiOperation: ApiOperationValue | undefined): Fields {
  return {
    ...(apiOperation
      ? {
          apiOperation: req(enumOf([apiOperation.value], apiOperation.fromRealGateway
            ? `Fixed value selecting the operation. The spec says "not shown"; ${apiOperation.value} is the value the real gateway uses.`
            : `Fixed value selecting the operation: ${apiOperation.value}.`, { label: 'API operation', defaultValue: apiOperation.value })),
        }
      : {}),
    correlationId: text(1, 100, 'Optional, 1 to 100 characters; not validated, not stored, returned unchanged in the response.', { label: 'Correlation id' }),
    partnerSolutionId: text(1, 40, 'Optional, 1 to 40 characters.', { label: 'Partner solution id' }),
    responseControls: obj('Request', {
      sensitiveData: text(1, 50, 'Optional, 1 to 50 characters; UNMASK returns unmasked card and bank numbers (needs the permission and certificate authentication).', { label: 'Sensitive data', example: 'UNMASK' }),
    }),
    userId: text(1, 256, 'Optional, 1 to 256 characters: the person who initiated the transaction.', { label: 'User id' }),
    order: obj('Order', {
      reference: text(1, 40, 'Optional, 1 to 40 characters in requests (responses may return up to 200).', { label: 'Order reference', example: 'ORDER-REF-1' }),
      custom: customFieldsMap(),
    }),
    transaction: obj('Transaction', {
      reference: text(1, 40, 'Optional, 1 to 40 characters.', { label: 'Transaction reference' }),
      merchantNote: text(1, 250, 'Optional, 1 to 250 characters.', { label: 'Merchant note' }),
    }),
  };
}
