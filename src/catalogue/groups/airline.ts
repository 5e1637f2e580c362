/** Airline group (optional in requests): booking, itinerary legs, passengers, ticket. */
import { alnum, alnumSpace, amount, bool, country, date, digits, enumOf, text, time } from '../formats';
import { arr, obj, onlyIn, type Fields, type ObjectNode } from '../fieldTree';

const DOCUMENT_TYPES = [
  'ADDITIONAL_COLLECTION', 'AGENCY_EXCHANGE_ORDER', 'AGENCY_GROUP_TICKET', 'AGENCY_MISCELLANEOUS_CHARGE_ORDER', 'AGENCY_PASSENGER_TICKET',
  'AGENCY_TOUR_ORDER_OR_VOUCHER', 'AIR_FREIGHT', 'ANIMAL_TRANSPORTATION_CHARGE', 'CATALOGUE_MERCHANDISE_ORDERED', 'CLUB_MEMBERSHIP_FEE',
  'COUPON_BOOK', 'CREDIT_CLASS_SERVICE_ADJUSTMENT', 'CREDIT_DENIED_BOARDING', 'CREDIT_EXCHANGE_REFUND', 'CREDIT_LOST_TICKET_REFUND',
  'CREDIT_MISCELLANEOUS_REFUND', 'CREDIT_MULTIPLE_UNUSED_TICKETS', 'CREDIT_OVERCHARGE_ADJUSTMENT', 'CREDIT_UNUSED_TRANSPORTATION',
  'DEBT_ADJUSTMENT_DUPLICATE_REFUND_OR_USE', 'DUTY_FREE_SALE', 'EXCESS_BAGGAGE', 'EXCHANGE_ADJUSTMENT', 'EXCHANGE_ORDER', 'FIREARMS_CASE',
  'FREQUENT_FLYER_FEE_OR_PURCHASE', 'FREQUENT_FLYER_FULFILLMENT', 'FREQUENT_FLYER_OVERNIGHT_DELIVERY_CHARGE', 'GROUP_TICKET',
  'IN_FLIGHT_ADJUSTMENT', 'IN_FLIGHT_CHARGES', 'IN_FLIGHT_DUTY_FREE_PURCHASE', 'IN_FLIGHT_MERCHANDISE_ORDERED', 'IN_FLIGHT_PHONE_CHARGES',
  'KENNEL_CHARGE', 'LOST_TICKET_APPLICATION', 'MISCELLANEOUS_CHARGE_ORDER_OR_PREPAID_TICKET_ADVICE', 'MISCELLANEOUS_TAXES_FEES',
  'PASSENGER_TICKET', 'SELF_SERVICE_TICKETS', 'SENIOR_CITIZEN_DISCOUNT_BOOKLETS', 'SMALL_PACKAGE_DELIVERY', 'SPECIAL_SERVICE_TICKET',
  'SUPPORTED_REFUND', 'TICKET_BY_MAIL', 'TOUR_DEPOSIT', 'TOUR_ORDER_VOUCHER', 'UNDERCHARGE_ADJUSTMENT', 'UNSUPPORTED_REFUND',
  'UPGRADE_CHARGE', 'VENDOR_REFUND_CREDIT', 'VENDOR_SALE',
] as const;

function carrierCode(help: string) {
  return text(2, 6, help, {
    pattern: /^([A-Za-z0-9]{2}|\d{3}|[A-Za-z0-9]{2}\/\d{3})$/,
    patternHint: '2 characters, 3 digits, or 2 characters / 3 digits (ZZ/999)', example: 'ZZ',
  });
}

function airportCode(help: string) {
  return text(3, 3, help, { pattern: /^[A-Z]{3}$/, patternHint: '3 upper-case letters (airport code)', example: 'LHR' });
}

const ticketNumber = (help: string) => alnum(11, 16, help, { example: '12345678901' });

export function airlineGroup(version: number): ObjectNode {
  const v100 = version >= 100;
  const leg = obj('Airline leg', {
    carrierCode: carrierCode('Carrier code: 2 characters, or 3 digits, or 2 characters / 3 digits (ZZ/999).'),
    conjunctionTicketNumber: ticketNumber('Conjunction ticket number, alphanumeric 11 to 16.'),
    exchangeTicketNumber: ticketNumber('Exchange ticket number, alphanumeric 11 to 16.'),
    couponNumber: alnum(1, 1, 'Coupon number, exactly 1 alphanumeric character.', { example: '1' }),
    departureAirport: airportCode('Departure airport, 3 letters A-Z.'),
    destinationAirport: airportCode('Destination airport, 3 letters A-Z.'),
    departureDate: date('Departure date (yyyy-mm-dd).'),
    ...(v100 ? { destinationArrivalDate: onlyIn([100], date('Arrival date at the destination (yyyy-mm-dd; version 100).')) } : {}),
    departureTime: time('Departure time, local to the airport.'),
    destinationArrivalTime: time('Arrival time, local to the airport.'),
    departureTax: amount('Departure tax, decimal string 1 to 14.'),
    fare: amount('Fare, decimal string 1 to 14.'),
    fees: amount('Fees, decimal string 1 to 14.'),
    taxes: amount('Taxes, decimal string 1 to 14.'),
    endorsementsRestrictions: alnum(1, 20, 'Endorsements or restrictions, alphanumeric 1 to 20.'),
    fareBasis: v100
      ? alnumSpace(1, 24, 'Fare basis, alphanumeric 1 to 24 (version 100 also allows space).')
      : alnum(1, 24, 'Fare basis, alphanumeric 1 to 24.'),
    flightNumber: alnum(4, 6, 'Flight number, alphanumeric 4 to 6.', { example: 'ZZ123' }),
    stopoverPermitted: bool('Whether a stopover is permitted.'),
    travelClass: alnum(1, 3, 'Travel class, alphanumeric 1 to 3.', { example: 'Y' }),
  });
  const passenger: Fields = {
    firstName: text(1, 50, 'Passenger first name, 1 to 50.'),
    middleName: text(1, 50, 'Passenger middle name, 1 to 50.'),
    lastName: text(1, 20, 'Passenger last name, 1 to 20.'),
    title: text(1, 20, 'Passenger title, 1 to 20.'),
    specificInformation: alnum(1, 59, 'Passenger-specific information, alphanumeric 1 to 59.'),
    ...(v100 ? { frequentFlyerNumber: onlyIn([100], text(1, 20, 'Frequent flyer number, 1 to 20 (version 100).')) } : {}),
  };
  return obj('Airline', {
    bookingReference: alnum(6, 15, 'Booking reference, alphanumeric 6 to 15.', { example: 'ABC123' }),
    documentType: enumOf(DOCUMENT_TYPES, 'Type of airline document.', { example: 'PASSENGER_TICKET' }),
    transactionType: enumOf(['EXCHANGE_TICKET', 'MISCELLANEOUS_CHARGE', 'REFUND', 'TOUR_ORDER'], 'Airline transaction type.'),
    planNumber: alnum(2, 2, 'Plan number, exactly 2 alphanumeric characters.', { example: '01' }),
    itinerary: obj('Airline', {
      numberInParty: digits(1, 3, 'Number of passengers in the party, 1 to 3 digits.', { example: '1' }),
      originCountry: country('Origin country, 3 letters A-Z.'),
      leg: arr(leg, { group: 'Airline leg', help: 'Itinerary legs.' }),
    }),
    passenger: arr(obj('Airline passenger', passenger), { group: 'Airline passenger', help: 'Passengers.' }),
    ticket: obj('Airline ticket', {
      conjunctionTicketIndicator: bool('Whether a conjunction ticket was issued.'),
      eTicket: bool('Whether this is an electronic ticket.', { label: 'E-ticket' }),
      restricted: bool('Whether the ticket is restricted (not refundable).'),
      customerReference: text(1, 20, 'Customer reference, 1 to 20.'),
      exchangedTicketNumber: ticketNumber('Exchanged ticket number, alphanumeric 11 to 16.'),
      ticketNumber: ticketNumber('Ticket number, alphanumeric 11 to 16.'),
      issue: obj('Airline ticket', {
        address: text(1, 16, 'Issuing address, 1 to 16.'),
        carrierCode: carrierCode('Issuing carrier code, same format as the leg carrier code.'),
        carrierName: alnum(1, 25, 'Issuing carrier name, alphanumeric 1 to 25.'),
        city: alnum(1, 18, 'Issuing city, alphanumeric 1 to 18.'),
        country: country('Issuing country, 3 letters.'),
        date: date('Issue date (yyyy-mm-dd).'),
        travelAgentCode: alnum(8, 9, 'Travel agent code, alphanumeric 8 to 9.', { example: '12345678' }),
        travelAgentName: alnum(1, 30, 'Travel agent name, alphanumeric 1 to 30.'),
      }),
      totalFare: amount('Total fare, decimal string 1 to 14.'),
      totalFees: amount('Total fees, decimal string 1 to 14.'),
      totalTaxes: amount('Total taxes, decimal string 1 to 14.'),
    }),
  }, 'Airline data (optional in requests).');
}
