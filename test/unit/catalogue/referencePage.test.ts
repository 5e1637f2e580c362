import * as assert from 'node:assert/strict';
import { isFieldPath, parseCharset, parseReferencePage, toDataFile, type ReferenceField } from '../../../scripts/reference/parseReferencePage';

// Hand-made excerpts in the reference pages' line format (one label a line); no text is copied from a page.
const HEAD = ['Widget', 'Request to make a widget.', '', 'PUT', 'https://gateway.example/api/rest/version/99/merchant/{merchantId}/widget', 'Request', 'URL Parameters', '{merchantId}', 'String', 'REQUIRED', 'Your id.', '', 'Data can consist of any characters', '', 'Min length: 1 Max length: 40', 'Fields', 'Show optional fields '];
const TAIL = ['Response', 'Fields', 'Show conditional fields ', 'merchant', 'String', 'ALWAYS PROVIDED', 'Your id.', '', 'Errors', 'error', 'What went wrong.'];
const page = (...body: string[]): string => [...HEAD, ...body, ...TAIL].join('\n');

const byPath = (fields: readonly ReferenceField[], path: string): ReferenceField => {
  const f = fields.find((x) => x.path === path);
  if (!f) throw new Error(`no field ${path} in ${fields.map((x) => x.path).join(', ')}`);
  return f;
};

describe('reference pages: the request field list', () => {
  it('reads a FIXED apiOperation, a group, a string with a length range and a REQUIRED decimal', () => {
    const parsed = parseReferencePage(
      page(
        'apiOperation', 'String', '= MAKE_WIDGET', 'FIXED', 'Any sequence of characters.', '',
        'widget', 'REQUIRED', 'About the widget.', '',
        'widget.label', 'String', 'OPTIONAL', 'A label.', '', 'Data can consist of any characters', '', 'Min length: 1 Max length: 20',
        'widget.price', 'Decimal', 'REQUIRED', 'The price.', '', "Data is a string that consists of the characters 0-9 and '.' and represents a valid decimal number.", '', 'Min length: 1 Max length: 14',
      ),
    );
    assert.deepEqual(parsed.warnings, []);
    assert.equal(parsed.optionalFieldsShown, true);
    assert.deepEqual(parsed.fields, [
      { path: 'apiOperation', type: 'string', required: true, fixed: 'MAKE_WIDGET' },
      { path: 'widget', type: 'object', required: true },
      { path: 'widget.label', type: 'string', required: false, minLength: 1, maxLength: 20 },
      { path: 'widget.price', type: 'decimal', required: true, minLength: 1, maxLength: 14 },
    ]);
  });

  it('reads an enumeration block: values with and without a description line, up to the next field', () => {
    const { fields } = parseReferencePage(
      page(
        'widget.colour', 'Enumeration', 'CONDITIONAL', 'The colour.', '', 'If unset, GREY is used.', '',
        'Value must be a member of the following list. The values are case sensitive.', '',
        'DARK_RED', 'A deep red.', '', 'GREY', 'The DEFAULT.', '', 'PLAIN', 'SHINY_2', 'widget.size', 'Enumeration', 'OPTIONAL', 'The size.', '',
        'Value must be a member of the following list. The values are case sensitive.', '', 'LARGE', 'SMALL',
        'widget.extras', 'Comma separated enumeration', 'OPTIONAL', 'Extras.', '',
        'Value must be one or more comma separated members of the following list. The values are case sensitive.', '', 'BOX', 'Boxed.', '', 'BOW', 'With a bow.', '',
      ),
    );
    assert.deepEqual(byPath(fields, 'widget.colour'), { path: 'widget.colour', type: 'enum', required: 'conditional', enum: ['DARK_RED', 'GREY', 'PLAIN', 'SHINY_2'] });
    assert.deepEqual(byPath(fields, 'widget.size').enum, ['LARGE', 'SMALL']);
    assert.deepEqual(byPath(fields, 'widget.extras'), { path: 'widget.extras', type: 'enum', list: 'comma', pageType: 'Comma separated enumeration', required: false, enum: ['BOX', 'BOW'] });
  });

  it('writes lists as [] whatever the page spells, for the group and its members, nested too', () => {
    const { fields } = parseReferencePage(
      page(
        'widget.part[n]', 'OPTIONAL', 'The parts.', '',
        'widget.part[n].name', 'String', 'REQUIRED', 'Its name.', '', 'Data can consist of any characters', '', 'Min length: 1 Max length: 127',
        'widget.part[n].screw[n].count', 'Integer', 'OPTIONAL', 'How many.', '', 'JSON number data type, restricted to being positive or zero.', '', 'Min value: 1 Max value: 999',
      ),
    );
    assert.deepEqual(fields, [
      { path: 'widget.part[]', type: 'object', required: false },
      { path: 'widget.part[].name', type: 'string', required: true, minLength: 1, maxLength: 127 },
      { path: 'widget.part[].screw[].count', type: 'integer', required: false, min: 1, max: 999 },
    ]);
  });

  it('keeps the characters a page allows, and the finer kinds of string', () => {
    const { fields, warnings } = parseReferencePage(
      page(
        'widget.code', 'Alphanumeric + additional characters', 'OPTIONAL', 'A code.', '', "Data may consist of the characters 0-9, a-z, A-Z, '-', '_'", '', 'Min length: 1 Max length: 40',
        'widget.country', 'Upper case alphabetic text', 'OPTIONAL', 'A country.', '', 'Data must consist of the characters A-Z', '', 'Min length: 3 Max length: 3',
        'widget.serial', 'Digits', 'OPTIONAL', 'A serial.', '', 'Data is a string that consists of the characters 0-9.', '', 'Min length: 4 Max length: 4',
        'widget.month', 'Digits', 'OPTIONAL', 'A month.', '', 'Data is a number between 1 and 12 represented as a string.', '',
        'widget.upc', 'Digits', 'OPTIONAL', 'A product code.', '', 'Data is a number between 1 and 9999999999999999 represented as a string.', '',
        'widget.when', 'Time', 'OPTIONAL', 'A time.', '', 'Data must comply with ISO 8601 extended time formats', '',
        'widget.carrier', 'Regex', 'OPTIONAL', 'A carrier.', '', 'Data must match regex', '', 'regex \\w{2}|\\d{3} message Must be 2 characters or 3 digits',
        'widget.weight', 'Decimal', 'OPTIONAL', 'A weight.', '', 'Data is a decimal number.', '', 'Max value: 1000 Min value: 0 Max post-decimal digits: 3',
        'widget.discount', 'Decimal', 'OPTIONAL', 'A discount.', '', "Data is a string that consists of the characters 0-9, '.' and '-' and represents a valid decimal number.", '', 'Min length: 1 Max length: 14',
        'widget.phone', 'Telephone Number', 'OPTIONAL', 'A phone.', '', 'Mandatory country code: true Max total digits: 15',
        'widget.blob', 'Squiggle', 'OPTIONAL', 'Something new.', '',
      ),
    );
    assert.deepEqual(byPath(fields, 'widget.code'), { path: 'widget.code', type: 'string', pageType: 'Alphanumeric + additional characters', required: false, charset: '0-9a-zA-Z-_', minLength: 1, maxLength: 40 });
    assert.equal(byPath(fields, 'widget.country').charset, 'A-Z');
    assert.equal(byPath(fields, 'widget.serial').charset, '0-9');
    assert.deepEqual(byPath(fields, 'widget.month'), { path: 'widget.month', type: 'string', pageType: 'Digits', required: false, charset: '0-9', min: 1, max: 12 });
    // 9999999999999999 is past double precision: kept as 1 to 16 digits rather than as a rounded number.
    assert.deepEqual(byPath(fields, 'widget.upc'), { path: 'widget.upc', type: 'string', pageType: 'Digits', required: false, charset: '0-9', minLength: 1, maxLength: 16 });
    assert.equal(byPath(fields, 'widget.when').format, 'time');
    assert.equal(byPath(fields, 'widget.carrier').pattern, '\\w{2}|\\d{3}');
    assert.deepEqual(byPath(fields, 'widget.weight'), { path: 'widget.weight', type: 'decimal', required: false, min: 0, max: 1000, fractionDigits: 3 });
    assert.equal(byPath(fields, 'widget.discount').type, 'signedDecimal');
    assert.deepEqual(byPath(fields, 'widget.phone'), { path: 'widget.phone', type: 'telephone', required: false, maxDigits: 15 });
    assert.equal(byPath(fields, 'widget.blob').type, 'string');
    assert.deepEqual(warnings, ['widget.blob: unknown type "Squiggle", taken as string']);
  });

  it('does not take prose for a field, nor a "Response" line inside a description for the end of the request', () => {
    const { fields } = parseReferencePage(
      page(
        'widget.number', 'Digits', 'OPTIONAL', 'The number.', '', 'Request', '', 'See widget.label for more.', 'widget.label', 'is also used.', 'Response', '', 'Masked on return.', '',
        'widget.after', 'Boolean', 'OPTIONAL', 'Still a request field.', '', "JSON boolean values 'true' or 'false'.",
      ),
    );
    assert.deepEqual(fields.map((f) => f.path), ['widget.number', 'widget.after']);
  });

  it('marks a copy that hid the optional fields as partial, and one with no request list as empty', () => {
    const hidden = parseReferencePage(page('To view the optional fields, please toggle on the "Show optional fields" setting.', '', 'widget', 'REQUIRED', 'About the widget.'));
    assert.equal(hidden.optionalFieldsShown, false);
    const data = toDataFile(hidden, { operation: 'gateway.widget', version: 99, page: 'https://gateway.example/widget', copy: 'hand-made', read: '2026-12-05' });
    assert.equal(data.complete, false);
    assert.deepEqual(data.fields, [{ path: 'widget', type: 'object', required: true }]);
    const none = parseReferencePage('Just prose.\nNo request here.');
    assert.equal(none.foundRequest, false);
    assert.deepEqual(none.fields, []);
  });

  it('knows a field path from prose, and a charset list with quoted punctuation', () => {
    assert.equal(isFieldPath('order.item[n].name'), true);
    assert.equal(isFieldPath('correlationId'), true);
    assert.equal(isFieldPath('The order.'), false);
    assert.equal(isFieldPath('HEALTHCARE_DENTAL'), false);
    assert.equal(isFieldPath('{merchantId}'), false);
    assert.equal(parseCharset("0-9, a-z, A-Z, ' ', '.', ',', '-', ''', '&'"), "0-9a-zA-Z .,-'&");
  });

  it('reads a long page in linear time', () => {
    const body: string[] = [];
    for (let i = 0; i < 20000; i++) body.push(`widget.f${i}`, 'String', 'OPTIONAL', 'x '.repeat(50), '', 'Min length: 1 Max length: 10');
    body.push('a.'.repeat(5000) + 'b', 'x'.repeat(100000));
    const started = Date.now();
    const { fields } = parseReferencePage(page(...body));
    assert.equal(fields.length, 20000);
    assert.ok(Date.now() - started < 5000);
  });
});
