import * as assert from 'node:assert/strict';
import * as der from '../../../src/tap/der';
import { ipBytes } from '../../../src/tap/certificate';

const hex = (b: Buffer) => b.toString('hex');

// Expected bytes come from X.690 and RFC 5280 examples, or from `openssl asn1parse` of the same value.
describe('tap: DER encoder', () => {
  it('lengths: short form below 128, long form with the fewest bytes above', () => {
    assert.equal(hex(der.derLength(0)), '00');
    assert.equal(hex(der.derLength(127)), '7f');
    assert.equal(hex(der.derLength(128)), '8180');
    assert.equal(hex(der.derLength(255)), '81ff');
    assert.equal(hex(der.derLength(256)), '820100');
    assert.equal(hex(der.derLength(65536)), '83010000');
    assert.throws(() => der.derLength(-1), /non-negative/);
    // A 300-byte value: the TLV header says 82 01 2c.
    assert.equal(hex(der.octetString(Buffer.alloc(300)).subarray(0, 4)), '0482012c');
  });

  it('tags: one byte in low-tag form only', () => {
    assert.throws(() => der.tlv(0x1f, Buffer.alloc(0)), /low-tag/);
    assert.throws(() => der.tlv(256, Buffer.alloc(0)), /one byte/);
  });

  it('INTEGER: minimal two\'s complement, a 0x00 before a high bit, never empty', () => {
    assert.equal(hex(der.integer(0)), '020100');
    assert.equal(hex(der.integer(2)), '020102');
    assert.equal(hex(der.integer(127)), '02017f');
    assert.equal(hex(der.integer(128)), '02020080');
    assert.equal(hex(der.integer(256)), '02020100');
    assert.equal(hex(der.integer(Buffer.from('000001', 'hex'))), '020101');
    assert.equal(hex(der.integer(Buffer.from('ff', 'hex'))), '020200ff');
    assert.equal(hex(der.integer(Buffer.alloc(0))), '020100');
    assert.equal(hex(der.integer(Buffer.alloc(3))), '020100');
    assert.throws(() => der.integer(-1), /non-negative/);
  });

  it('OBJECT IDENTIFIER: 40·a+b, then base 128 with continuation bits', () => {
    assert.equal(hex(der.oid('2.5.29.19')), '0603551d13'); // basicConstraints
    assert.equal(hex(der.oid('1.2.840.10045.4.3.2')), '06082a8648ce3d040302'); // ecdsa-with-SHA256
    assert.equal(hex(der.oid('1.3.6.1.5.5.7.3.1')), '06082b06010505070301'); // serverAuth
    assert.equal(hex(der.oid('2.999.3')), '0603883703'); // X.690 8.19.5's example
    assert.throws(() => der.oid('1.40'), /below 40/);
    assert.throws(() => der.oid('3.1'), /not an object identifier/);
    assert.throws(() => der.oid('1.2.a'), /not an object identifier/);
    assert.throws(() => der.oid('1'), /not an object identifier/);
  });

  it('BOOLEAN: TRUE is 0xFF', () => {
    assert.equal(hex(der.boolean(true)), '0101ff');
    assert.equal(hex(der.boolean(false)), '010100');
  });

  it('times: UTCTime up to 2049, GeneralizedTime from 2050, UTC, whole seconds', () => {
    assert.equal(der.time(new Date('2049-12-31T23:59:59.999Z')).toString('latin1'), '\x17\x0d491231235959Z');
    assert.equal(der.time(new Date('2050-01-01T00:00:00Z')).toString('latin1'), '\x18\x0f20500101000000Z');
    assert.equal(der.time(new Date('1999-02-03T04:05:06Z')).toString('latin1'), '\x17\x0d990203040506Z');
    assert.throws(() => der.time(new Date('1949-12-31T23:59:59Z')), /out of range/);
    assert.throws(() => der.time(new Date(Number.NaN)), /out of range/);
  });

  it('named bits: trailing zero bits dropped, the unused count follows the highest bit', () => {
    assert.equal(hex(der.namedBits([5, 6])), '03020106'); // keyCertSign, cRLSign: as openssl encodes them
    assert.equal(hex(der.namedBits([0])), '03020780'); // digitalSignature
    assert.equal(hex(der.namedBits([8])), '0303070080');
    assert.equal(hex(der.namedBits([])), '030100');
    assert.equal(hex(der.bitString(Buffer.from('abcd', 'hex'))), '030300abcd');
  });

  it('strings: UTF8String as UTF-8, PrintableString and IA5String refuse what they cannot hold', () => {
    assert.equal(hex(der.utf8String('é')), '0c02c3a9');
    assert.equal(hex(der.printableString('Ab 1')), '130441622031');
    assert.throws(() => der.printableString('a@b'), /PrintableString/);
    assert.equal(hex(der.ia5String('localhost')), `1609${Buffer.from('localhost').toString('hex')}`);
    assert.throws(() => der.ia5String('é'), /IA5String/);
  });

  it('SET OF is sorted by encoding; SEQUENCE keeps its order; context tags', () => {
    assert.equal(hex(der.set(der.integer(2), der.integer(1))), '3106020101020102');
    assert.equal(hex(der.sequence(der.integer(2), der.integer(1))), '3006020102020101');
    assert.equal(hex(der.explicit(0, der.integer(2))), 'a003020102');
    assert.equal(hex(der.explicit(3, der.sequence())), 'a3023000');
    assert.equal(hex(der.implicitPrimitive(7, Buffer.from([127, 0, 0, 1]))), '87047f000001');
    assert.equal(hex(der.implicitConstructed(0, der.sequence())), 'a0023000');
  });

  it('children: reads back what the encoder wrote, refuses lengths past the end', () => {
    const inner = [der.integer(1), der.octetString(Buffer.alloc(200, 7)), der.sequence(der.oid('2.5.4.3'))];
    const parts = der.children(der.sequence(...inner));
    assert.deepEqual(parts.map(hex), inner.map(hex));
    assert.throws(() => der.children(Buffer.from('3005020101', 'hex')), /past the end/);
    assert.throws(() => der.children(Buffer.from('30', 'hex')), /truncated/);
    assert.throws(() => der.children(Buffer.from('3085ffffffffff', 'hex')), /unsupported length/);
  });

  it('IP addresses as the bytes of an iPAddress name', () => {
    assert.equal(hex(ipBytes('127.0.0.1')), '7f000001');
    assert.equal(hex(ipBytes('::1')), `${'0'.repeat(30)}01`);
    assert.equal(hex(ipBytes('::')), '0'.repeat(32));
    assert.equal(hex(ipBytes('fe80::1:2')), 'fe80000000000000000000000001' + '0002');
    assert.equal(hex(ipBytes('1:2:3:4:5:6:7:8')), '00010002000300040005000600070008');
    assert.equal(hex(ipBytes('1::')), `0001${'0'.repeat(28)}`);
    assert.throws(() => ipBytes('localhost'), /not an IP/);
    assert.throws(() => ipBytes('::ffff:1.2.3.4'), /not an IP/);
  });
});
