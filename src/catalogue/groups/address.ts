/** The address group (billing.address, shipping.address, posTerminal.address, …) and the person groups around it. */
import { country, email, enumOf, text } from '../formats';
import { obj, onlyIn, type ObjectNode } from '../fieldTree';

export function addressGroup(group: string, opts: { version100Billing?: boolean } = {}): ObjectNode {
  const v100 = opts.version100Billing ?? false;
  return obj(group, {
    city: text(1, 100, 'City, 1 to 100 characters.'),
    ...(v100 ? { company: onlyIn([100], text(1, 100, 'Company name, 1 to 100 characters (version 100 billing).')) } : {}),
    country: country(),
    postcodeZip: text(1, 10, "Postcode or ZIP: characters 0-9 a-z A-Z, space and '-'; 1 to 10.", {
      label: 'Postcode/ZIP', pattern: /^[0-9A-Za-z -]*$/, patternHint: "digits, letters, spaces and '-' only", example: 'SW1A 1AA',
    }),
    stateProvince: text(1, 20, 'State or province, 1 to 20 characters.', { label: 'State/province' }),
    ...(v100 ? { stateProvinceCode: onlyIn([100], text(1, 3, 'ISO 3166-2 subdivision code, 1 to 3 characters (version 100 billing).', { label: 'State/province code' })) } : {}),
    street: text(1, 100, 'Street, 1 to 100 characters; the response returns street and street2 concatenated, truncated at the maximum.', { example: '1 Alpha St' }),
    street2: text(1, 100, 'Second street line, 1 to 100 characters; empty in the response.', { label: 'Street 2' }),
  });
}

/** billing: address and phone. */
export function billingGroup(opts: { version100?: boolean } = {}): ObjectNode {
  return obj('Billing', {
    address: addressGroup('Billing address', { version100Billing: opts.version100 ?? false }),
    phone: text(1, 20, 'Billing phone, 1 to 20 characters.'),
  });
}

const SHIPPING_METHODS = ['ELECTRONIC', 'GROUND', 'OVERNIGHT', 'PRIORITY', 'SAME_DAY'] as const;

/** shipping: address, recipient and method. */
export function shippingGroup(): ObjectNode {
  return obj('Shipping', {
    address: addressGroup('Shipping address'),
    firstName: text(1, 50, 'Recipient first name, 1 to 50 characters.'),
    lastName: text(1, 50, 'Recipient last name, 1 to 50 characters.'),
    phone: text(1, 20, 'Shipping phone, 1 to 20 characters.'),
    method: enumOf(SHIPPING_METHODS, 'Shipping method: ELECTRONIC, GROUND, OVERNIGHT, PRIORITY or SAME_DAY.'),
  });
}

export function customerGroup(): ObjectNode {
  return obj('Customer', {
    email: email('Payer e-mail address, longer than 3 characters.', { label: 'Customer e-mail' }),
  });
}
