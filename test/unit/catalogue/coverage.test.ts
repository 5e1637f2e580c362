/** Field counts per operation, and spot checks that each operation has the fields its spec section lists. */
import * as assert from 'node:assert/strict';
import { fieldsOf } from '../../../src/catalogue';
import { allOpVersions } from './helpers';

const SPOT_CHECKS: Record<string, string[]> = {
  'financing.login': ['email', 'password'],
  'financing.offers': ['products', 'products[].name', 'products[].category', 'products[].price', 'products[].quantity', 'insurance', 'due_date', 'credit_period', 'gdpr', 'offerId', 'phone_number', 'email_address', 'first_name', 'last_name', 'external_id', 'redirect_url', 'callback_url', 'loyalty_code'],
  'financing.offersSelectFirst': ['products[].name', 'products[].price', 'products[].quantity', 'loyalty_code'],
  'gateway.authorize v11': ['apiOperation', '3DSecure.acsEci', '3DSecure.authenticationStatus', '3DSecure.authenticationToken', '3DSecure.enrollmentStatus', '3DSecure.xid', '3DSecureId', 'action.bypassMerchantRiskRules', 'airline.itinerary.leg[].carrierCode', 'airline.passenger[].lastName', 'airline.ticket.issue.travelAgentCode', 'correlationId', 'order.custom.{key}'],
  'gateway.updateAuthorization v18': ['apiOperation', 'correlationId', 'order.custom.{key}', 'order.reference', 'partnerSolutionId', 'responseControls.sensitiveData', 'transaction.amount', 'transaction.currency', 'transaction.merchantNote', 'transaction.reference', 'userId'],
  'gateway.refund v13': ['apiOperation', 'airline.bookingReference', 'airline.itinerary.leg[].fareBasis', 'billing.address.street', 'billing.address.postcodeZip', 'billing.phone'],
  'gateway.verify v100': ['accountFunding.purpose', 'accountFunding.recipient.identification.type', 'action.refundAuthorization', 'agreement.amountVariability', 'agreement.retailer.tradingName', 'order.supplierName', 'order.tax[].amount', 'order.tax[].rate', 'order.tax[].type', 'order.taxAmount', 'order.taxRegistrationId', 'order.taxStatus', 'order.transactionFiltering.avsResponseCodeRules[].action', 'order.transactionFiltering.avsResponseCodeRules[].avsResponseCode', 'order.walletIndicator', 'order.walletProvider', 'order.subMerchant.websiteUrl', 'partnerSolutionId', 'posTerminal.attended', 'posTerminal.inputCapability', 'posTerminal.location', 'posTerminal.address.city', 'posTerminal.pinLengthCapability', 'posTerminal.store.id'],
  'gateway.initiateBrowserPayment v16': ['apiOperation', 'browserPayment.returnUrl', 'browserPayment.walleta.operation', 'browserPayment.walleta.paymentConfirmation', 'browserPayment.walleta.displayShippingAddress', 'browserPayment.walleta.overrideShippingAddress', 'sourceOfFunds.type', 'sourceOfFunds.provided.banktransfera.bankIdentifier', 'order.amount', 'order.currency', 'order.description', 'order.customerNote', 'order.shippingAndHandlingAmount', 'order.taxAmount', 'customer.email', 'item[].name', 'item[].quantity', 'item[].unitPrice', 'shipping.address.city', 'shipping.method'],
  'gateway.initiateBrowserPayment v100': ['agreement.type', 'billing.address.company', 'billing.address.stateProvinceCode', 'appPayment.returnUrl', 'browserPayment.locale', 'browserPayment.openBankingBankTransfer.refundConsent', 'browserPayment.operation', 'browserPayment.serviceAttributes[].name', 'browserPayment.serviceAttributes[].value', 'airline.passenger[].frequentFlyerNumber', 'airline.itinerary.leg[].destinationArrivalDate', 'constraints.paymentPlans.deferralPeriod', 'constraints.paymentPlans.supported[]', 'cruise.bookingReference', 'cruise.company.contact.companyPhone', 'cruise.departureDate', 'cruise.departurePort.address.city', 'cruise.passenger[].folioNumber'],
  'gateway.updateSession v100': ['accountFunding.purposeOfPayment', 'accountFunding.foreignExchangeFee', 'accountFunding.recipient.dateOfBirth', 'agreement.id', 'authorizationResponse.transactionIdentifier', 'billing.address.city', 'browserPayment.walleta.agreementConfirmation', 'cardBin', 'constraints.paymentPlans.numberOfPayments', 'correlationId', 'cruise.returnDate', 'order.itemAmount', 'order.items[].quantity', 'order.items[].serialNumber', 'order.localTaxRegistrationId', 'order.marketplace.retailerLocation', 'order.merchantCategoryCode', 'order.merchantCharge.amount', 'order.merchantCharge.type', 'order.merchantPartnerIdCode', 'order.netAmount', 'order.notificationUrl', 'order.owningEntity', 'order.purchaseType', 'order.requestorName', 'order.reward.balanceId', 'order.shippingAndHandlingTaxRate', 'order.statementDescriptor.websiteUrl', 'order.subMerchant.authentication'],
};

/** Fields that must not be there (version or variant differences). */
const ABSENT: Record<string, string[]> = {
  'financing.offersSelectFirst': ['products[].category'],
  'gateway.initiateBrowserPayment v16': ['browserPayment.operation', 'agreement.type', 'cruise.departureDate', 'billing.address.city'],
  'gateway.initiateBrowserPayment v100': ['browserPayment.walleta.operation'],
  'gateway.updateSession v100': ['apiOperation'],
  'gateway.refund v13': ['airline.passenger[].frequentFlyerNumber', 'billing.address.company', 'action.refundAuthorization'],
  'gateway.authorize v11': ['airline.itinerary.leg[].destinationArrivalDate'],
};

describe('catalogue: coverage of the spec', () => {
  it('field paths per operation (table)', () => {
    const rows = allOpVersions.map(({ id, version, label }) => {
      const fields = fieldsOf(id, version);
      return { operation: label, fields: fields.length, required: fields.filter((f) => f.required).length, groups: new Set(fields.map((f) => f.group)).size };
    });
    console.log(`\n      ${'operation'.padEnd(38)} fields  required  groups`);
    for (const r of rows) console.log(`      ${r.operation.padEnd(38)} ${String(r.fields).padStart(6)}  ${String(r.required).padStart(8)}  ${String(r.groups).padStart(6)}`);
    for (const r of rows) {
      const hasBody = !['financing.refreshToken', 'financing.logout', 'gateway.retrieveOrder v100', 'gateway.retrieveTransaction v100', 'gateway.retrieveSession v100', 'gateway.retrieveToken v100', 'gateway.deleteToken v100', 'gateway.paymentOptionsInquiryGet v100', 'gateway.checkGateway v100'].includes(r.operation);
      assert.ok(hasBody ? r.fields > 0 : r.fields === 0, r.operation);
    }
  });
  for (const [label, paths] of Object.entries(SPOT_CHECKS)) {
    it(`${label} has the fields its spec section lists`, () => {
      const op = allOpVersions.find((o) => o.label === label)!;
      const have = new Set(fieldsOf(op.id, op.version).map((f) => f.path));
      assert.deepEqual(paths.filter((p) => !have.has(p)), [], 'missing');
      assert.deepEqual((ABSENT[label] ?? []).filter((p) => have.has(p)), [], 'should be absent');
    });
  }
  it('fieldsOf is stable and in declaration order', () => {
    const a = fieldsOf('gateway.verify', 100).map((f) => f.path);
    assert.deepEqual(fieldsOf('gateway.verify', 100).map((f) => f.path), a);
    assert.equal(a[0], 'apiOperation');
    assert.equal(new Set(a).size, a.length, 'paths are unique');
  });
  it('every field has a label, a group and help text', () => {
    for (const { id, version, label } of allOpVersions) {
      for (const f of fieldsOf(id, version)) {
        assert.ok(f.label && f.group && (f.help || f.kind === 'array'), `${label} ${f.path}`);
      }
    }
  });
  it('groups are named as in the spec', () => {
    const groups = new Set(allOpVersions.flatMap(({ id, version }) => fieldsOf(id, version).map((f) => f.group)));
    for (const g of ['Order', 'Billing address', 'Shipping', 'Item', 'Source of funds', '3-D Secure', 'Airline', 'Cruise', 'Agreement', 'Account funding', 'POS terminal', 'Risk rules']) {
      assert.ok(groups.has(g), g);
    }
  });
  it('the Authorize and Verify apiOperation help says it is the real gateway value', () => {
    for (const [id, v] of [['gateway.authorize', 11], ['gateway.verify', 100]] as const) {
      const f = fieldsOf(id, v).find((x) => x.path === 'apiOperation')!;
      assert.match(f.help, /not shown.*real gateway/);
    }
  });
});
