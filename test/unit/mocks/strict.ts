/**
 * What makes the doubles strict: a member the double does not declare, or a call it was not told to
 * expect, is recorded and fails the test (registerVscode.ts checks after each test), instead of quietly
 * answering undefined. Each is also thrown where it happens, so the code under test stops there.
 */

/** The unexpected uses since the last check, oldest first. */
export const unexpectedCalls: string[] = [];

/** Records `what` as unexpected and returns the error to throw at the call. */
export function unexpected(what: string): Error {
  unexpectedCalls.push(what);
  return new Error(`VS Code unit double: ${what}`);
}

/** The unexpected uses so far, cleared: the root afterEach in registerVscode.ts fails the test on any. */
export function takeUnexpectedCalls(): string[] {
  return unexpectedCalls.splice(0);
}

/**
 * `target` behind a proxy that fails on reading a member it does not have: the double declares what it
 * allows. Symbols and `then` pass (Node's inspection and promise resolution probe them on any object).
 */
export function strictNamespace<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      if (typeof key === 'symbol' || key === 'then' || key in obj) return Reflect.get(obj, key, receiver);
      throw unexpected(`${name}.${key} is not declared by the double (test/unit/mocks/vscodeModule.ts): declare it there, or test this in the integration tier`);
    },
  });
}
