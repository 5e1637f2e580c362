/** cruise group (Initiate Browser Payment v100, Update Session). */
import { addressGroup } from './address';
import { date, internationalPhone, text } from '../formats';
import { arr, obj, req, type ObjectNode } from '../fieldTree';

export function cruiseGroup(): ObjectNode {
  return obj('Cruise', {
    bookingReference: text(1, 12, 'Cruise booking reference, 1 to 12.'),
    company: obj('Cruise', {
      contact: obj('Cruise', {
        companyPhone: internationalPhone('Cruise line phone in international format with country code, at most 15 digits.'),
        customerServicePhone: internationalPhone('Customer service phone in international format with country code, at most 15 digits.'),
      }),
    }),
    departureDate: req(date('Departure date (yyyy-mm-dd); required when cruise data is sent; not later than returnDate.')),
    returnDate: date('Return date (yyyy-mm-dd); not earlier than departureDate.'),
    departurePort: obj('Cruise', { address: addressGroup('Cruise departure port') }),
    passenger: arr(obj('Cruise', {
      firstName: text(1, 50, 'Passenger first name, 1 to 50.'),
      lastName: text(1, 50, 'Passenger last name, 1 to 50.'),
      folioNumber: text(1, 30, 'Folio number, 1 to 30.'),
    }), { group: 'Cruise', help: 'Cruise passengers.' }),
  }, 'Cruise data; departureDate is required whenever this group is sent.');
}
