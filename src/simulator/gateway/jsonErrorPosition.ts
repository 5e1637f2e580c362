/**
 * The offset of the first syntax error in a JSON text. Node's JSON.parse messages do not always carry
 * a position (V8 11 says "Unexpected token 'a', … is not valid JSON"), and the gateway's explanation
 * names the character and line, so this small scanner finds it. Only run after JSON.parse failed.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const literal = (word: string): void => {
    for (const c of word) {
      if (text.charAt(i) !== c) fail();
      i++;
    }
  };
  const string = (): void => {
    i++; // opening quote
    while (i < text.length) {
      const c = text.charAt(i);
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        const e = text.charAt(i);
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text.charAt(i + k))) { i += k; fail(); }
          i += 5;
        } else if ('"\\/bfnrt'.includes(e) && e !== '') i++;
        else fail();
      } else if (c < ' ') fail();
      else i++;
    }
    fail();
  };
  const number = (): void => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === '-' || m[0] === '') fail();
    i += (m as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    ws();
    const c = text.charAt(i);
    if (c === '{') {
      i++;
      ws();
      if (text.charAt(i) === '}') { i++; return; }
      for (;;) {
        ws();
        if (text.charAt(i) !== '"') fail();
        string();
        ws();
        if (text.charAt(i) !== ':') fail();
        i++;
        value();
        ws();
        if (text.charAt(i) === ',') { i++; continue; }
        if (text.charAt(i) === '}') { i++; return; }
        fail();
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text.charAt(i) === ']') { i++; return; }
      for (;;) {
        value();
        ws();
        if (text.charAt(i) === ',') { i++; continue; }
        if (text.charAt(i) === ']') { i++; return; }
        fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    fail();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return text.length;
  } catch (at) {
    return typeof at === 'number' ? at : 0;
  }
}
