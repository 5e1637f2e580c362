import type { ValidationIssue } from '../issues';
import type { OperationKey } from '../operationRecord';

interface RuleContext {
  /** 'gateway.initiateBrowserPayment@16' style key of the operation being validated. */
  operationKey: string;
  /** Catalogue paths of the operation ('item[].quantity'), to know which rules apply. */
  hasPath(path: string): boolean;
  now: Date;
}

/** A rule across fields: declared once, reported on every field it involves. */
export interface CrossFieldRule {
  id: string;
  description: string;
  /** Applies only when the operation's catalogue has all these paths. */
  needs: readonly string[];
  /** Optional further restriction by operation key ('gateway.authorize@11'; a key no record declares does not compile). */
  onlyFor?: readonly OperationKey[];
  /**
   * Paths the rule requires whatever else the body holds (an Authorize's order.amount): the OpenAPI
   * export marks them required. A rule whose requirement depends on the body (a card or a token) has none.
   */
  alwaysRequires?: readonly string[];
  check(body: Record<string, unknown>, ctx: RuleContext): ValidationIssue[];
}
