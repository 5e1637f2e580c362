/**
 * A DER (ASN.1 Distinguished Encoding Rules, X.690) encoder for exactly what an X.509 certificate of the
 * tap needs. Node can sign but has no API to build a certificate, and a certificate library (node-forge,
 * @peculiar/x509) would not fit the VSIX size limit. Each function returns one complete TLV
 * (tag, length, value); DER's "one encoding only" rules are applied here, so callers cannot get them wrong.
 */

const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

/** Definite length: one byte below 128, else 0x80|n followed by n big-endian bytes (X.690 8.1.3). */
export function derLength(length: number): Buffer {
  if (!Number.isSafeInteger(length) || length < 0) throw new RangeError(`DER length must be a non-negative integer, got ${length}`);
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One TLV with a single-byte tag (every tag a certificate uses is below 31, the low-tag-number form). */
export function tlv(tag: number, value: Buffer): Buffer {
  if (!Number.isInteger(tag) || tag < 0 || tag > 0xff || (tag & 0x1f) === 0x1f) throw new RangeError(`DER tag must be one byte in low-tag form, got ${tag}`);
  return Buffer.concat([Buffer.from([tag]), derLength(value.length), value]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(TAG.sequence, Buffer.concat(items));

/** DER sorts a SET OF by the encodings of its elements (X.690 11.6). */
export const set = (...items: Buffer[]): Buffer => tlv(TAG.set, Buffer.concat([...items].sort(Buffer.compare)));

/** DER has one encoding of TRUE (0xFF); a DEFAULT FALSE field is left out by the caller, never encoded. */
export const boolean = (value: boolean): Buffer => tlv(TAG.boolean, Buffer.from([value ? 0xff : 0x00]));

/**
 * A non-negative INTEGER from its unsigned big-endian bytes, or from a small number: minimal two's
 * complement, so leading zero bytes go and a 0x00 is put back when the top bit would read as a sign.
 */
export function integer(value: Buffer | number): Buffer {
  let bytes: Buffer;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`DER integer must be a non-negative safe integer, got ${value}`);
    const hex = value.toString(16);
    bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  } else {
    bytes = value;
  }
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.length === 0 ? Buffer.from([0]) : bytes.subarray(start);
  return tlv(TAG.integer, (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

/** An OBJECT IDENTIFIER from dotted text: the first two arcs as 40·a+b, each arc in base 128, high bit = "more". */
export function oid(dotted: string): Buffer {
  if (!/^[0-2](\.(0|[1-9]\d{0,15}))+$/.test(dotted)) throw new RangeError(`not an object identifier: "${dotted}"`);
  const arcs = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = arcs;
  if (first < 2 && second > 39) throw new RangeError(`object identifier ${dotted}: the second arc must be below 40`);
  const body: number[] = [];
  for (const arc of [first * 40 + second, ...rest]) {
    if (!Number.isSafeInteger(arc)) throw new RangeError(`object identifier ${dotted}: arc too large`);
    const base128: number[] = [arc % 128];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) base128.unshift((n % 128) | 0x80);
    body.push(...base128);
  }
  return tlv(TAG.oid, Buffer.from(body));
}

export const utf8String = (text: string): Buffer => tlv(TAG.utf8String, Buffer.from(text, 'utf8'));

/** PrintableString allows only A-Z a-z 0-9 space and ' ( ) + , - . / : = ? (X.680 41.4). */
export function printableString(text: string): Buffer {
  if (!/^[A-Za-z0-9 '()+,\-./:=?]*$/.test(text)) throw new RangeError(`not a PrintableString: "${text}"`);
  return tlv(TAG.printableString, Buffer.from(text, 'ascii'));
}

/** The bytes of 7-bit ASCII text (IA5String; a dNSName is one), refusing anything beyond it. */
export function ia5Bytes(text: string): Buffer {
  if ([...text].some((ch) => ch.charCodeAt(0) > 0x7f)) throw new RangeError(`not an IA5String: "${text}"`);
  return Buffer.from(text, 'ascii');
}

export const ia5String = (text: string): Buffer => tlv(TAG.ia5String, ia5Bytes(text));

/**
 * A certificate time as RFC 5280 4.1.2.5 wants it: UTCTime (YYMMDDHHMMSSZ) for the years 1950 to 2049,
 * GeneralizedTime (YYYYMMDDHHMMSSZ) from 2050 on, always UTC, whole seconds.
 */
export function time(date: Date): Buffer {
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 1950 || year > 9999) throw new RangeError(`certificate time out of range: ${String(date)}`);
  const two = (n: number) => String(n).padStart(2, '0');
  const rest = `${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z`;
  return year < 2050 ? tlv(TAG.utcTime, Buffer.from(`${two(year % 100)}${rest}`, 'ascii')) : tlv(TAG.generalizedTime, Buffer.from(`${year}${rest}`, 'ascii'));
}

/** A BIT STRING of whole bytes (a signature, a public key): the leading byte says 0 unused bits. */
export const bitString = (bytes: Buffer): Buffer => tlv(TAG.bitString, Buffer.concat([Buffer.from([0]), bytes]));

/**
 * A BIT STRING of named bits (keyUsage): bit 0 is the top bit of the first byte, and DER drops trailing
 * zero bits (X.690 11.2.2), so the unused-bits count depends on the highest bit set.
 */
export function namedBits(bits: readonly number[]): Buffer {
  if (bits.some((b) => !Number.isInteger(b) || b < 0 || b > 63)) throw new RangeError(`named bits must be 0..63, got ${bits.join(',')}`);
  if (bits.length === 0) return tlv(TAG.bitString, Buffer.from([0]));
  const highest = Math.max(...bits);
  const bytes = Buffer.alloc(Math.floor(highest / 8) + 1);
  for (const b of bits) bytes[Math.floor(b / 8)] = (bytes[Math.floor(b / 8)] ?? 0) | (0x80 >> b % 8);
  return tlv(TAG.bitString, Buffer.concat([Buffer.from([7 - (highest % 8)]), bytes]));
}

export const octetString = (bytes: Buffer): Buffer => tlv(TAG.octetString, bytes);

/** [n] EXPLICIT: a constructed context tag wrapping a whole TLV. */
export const explicit = (n: number, inner: Buffer): Buffer => tlv(0xa0 | n, inner);

/** [n] IMPLICIT of a primitive type (dNSName, iPAddress, keyIdentifier): the context tag replaces the type's tag. */
export const implicitPrimitive = (n: number, value: Buffer): Buffer => tlv(0x80 | n, value);

/** [n] IMPLICIT of a constructed type (SEQUENCE OF): the content of the items under a constructed context tag. */
export const implicitConstructed = (n: number, ...items: Buffer[]): Buffer => tlv(0xa0 | n, Buffer.concat(items));

/**
 * The TLVs directly inside a constructed TLV, each whole (tag and length included). A reader for one need:
 * taking the subject Name out of a certificate that node:crypto has already parsed, so it is well formed;
 * every length is checked against the buffer all the same.
 */
export function children(outer: Buffer): Buffer[] {
  const { valueStart, end } = header(outer, 0);
  const items: Buffer[] = [];
  for (let offset = valueStart; offset < end; ) {
    const item = header(outer, offset);
    items.push(outer.subarray(offset, item.end));
    offset = item.end;
  }
  return items;
}

function header(buf: Buffer, offset: number): { valueStart: number; end: number } {
  const first = buf[offset + 1];
  if (buf[offset] === undefined || first === undefined) throw new RangeError(`DER: truncated at byte ${offset}`);
  let length = first;
  let valueStart = offset + 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4) throw new RangeError(`DER: unsupported length form at byte ${offset}`);
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (buf[valueStart + i] ?? Number.NaN);
    valueStart += count;
  }
  const end = valueStart + length;
  if (!Number.isSafeInteger(end) || end > buf.length) throw new RangeError(`DER: length past the end at byte ${offset}`);
  return { valueStart, end };
}
