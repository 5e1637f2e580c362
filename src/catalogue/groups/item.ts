/** Line items: item[n] (the item group) and order.items[n] (Update Session's variant). */
import { decimalText, text } from '../formats';
import { arr, obj, req, type ArrayNode } from '../fieldTree';

/** item[n]: name, quantity and unitPrice are required in each item. */
export function itemGroup(): ArrayNode {
  return arr(
    obj('Item', {
      name: req(text(1, 127, 'Item name, required, 1 to 127 characters.', { example: 'Widget' })),
      quantity: req(text(1, 16, 'Quantity, required: a digits string from 1 to 9999999999999999.', {
        pattern: /^[1-9]\d*$/, patternHint: 'a whole number from 1 to 9999999999999999 written with digits', example: '1',
      })),
      unitPrice: req(decimalText("Unit price, required, decimal string (1 to 14 characters; '-' allowed for item amounts).", { signed: true, label: 'Unit price' })),
      unitTaxAmount: decimalText("Tax per unit, optional decimal string ('-' allowed for item amounts).", { signed: true, label: 'Unit tax amount', example: '1.00' }),
      sku: text(1, 127, 'Stock keeping unit, 1 to 127 characters.', { label: 'SKU' }),
      description: text(1, 127, 'Item description, 1 to 127 characters.'),
    }),
    { group: 'Item', help: 'Line items (item group). When order.taxAmount and items are both sent, taxAmount must equal the sum of quantity × unitTaxAmount.' },
  );
}

/** order.items[n] of Update Session: lengths only, no field stated as required. */
export function sessionItemsGroup(): ArrayNode {
  return arr(
    obj('Item', {
      name: text(1, 127, 'Item name, 1 to 127 characters.', { example: 'Widget' }),
      quantity: decimalText('Quantity: decimal string greater than zero, up to 30 characters.', { greaterThanZero: true, maxLength: 30, example: '1' }),
      serialNumber: text(0, 200, 'Serial number, 0 to 200 characters.'),
      sku: text(1, 127, 'Stock keeping unit, 1 to 127 characters.', { label: 'SKU' }),
      unitPrice: decimalText("Unit price: decimal string 1 to 14 characters, '-' allowed.", { signed: true, label: 'Unit price' }),
      unitTaxAmount: decimalText("Tax per unit: decimal string 1 to 14 characters, '-' allowed.", { signed: true, label: 'Unit tax amount', example: '1.00' }),
    }),
    { group: 'Item', help: 'Line items held in the session. order.itemAmount must equal the sum of quantity × unitPrice when both are sent.' },
  );
}
