/**
 * Variables whose values are built from others (`@baseUrl = {{host}}/api/…`, a Postman variable that
 * names another): each expanded once and remembered, so a value that names another a thousand times
 * costs its length, not a thousand expansions. A cycle (`a -> b -> a`) and an expansion past the
 * bounds (LIMITS.expandedChars for one text, LIMITS.expandedCharsInAll for the import) are refused
 * with the chain of variables named; neither is ever followed.
 */
import { expandTemplates, ExpansionTooLarge, ImportError, LIMITS } from '../model';

/** What all the expansions of one import have produced so far, shared by its VariableValues. */
export class ExpansionBudget {
  private spent = 0;

  /** `what` names the text being expanded, with its file ("api.http:12: its body"). */
  charge(chars: number, what: string): void {
    this.spent += chars;
    if (this.spent > LIMITS.expandedCharsInAll) throw new ImportError(`${what}: the variables of this import expand past ${LIMITS.expandedCharsInAll} characters in all; not a collection to import`);
  }
}

export class VariableValues {
  private readonly known = new Map<string, string | undefined>();
  /** The variables being expanded, outermost first: the chain a cycle or an overflow is named by. */
  private readonly chain: string[] = [];

  /** `raw` gives a variable's value as the source wrote it, or undefined for one it may not use (unknown, secret, empty). */
  constructor(
    private readonly raw: (name: string) => string | undefined,
    private readonly where: string,
    private readonly budget: ExpansionBudget,
  ) {}

  /** The variable's value with every variable in it expanded, or undefined when `raw` gives none. */
  value(name: string): string | undefined {
    if (this.known.has(name)) return this.known.get(name);
    const text = this.raw(name);
    if (text === undefined || !text.includes('{{')) {
      this.known.set(name, text);
      return text;
    }
    const at = this.chain.indexOf(name);
    if (at >= 0) throw new ImportError(`${this.where}: the variables refer to each other in a cycle: ${shownChain([...this.chain.slice(at), name])}; such a value has no end`);
    this.chain.push(name);
    try {
      const value = this.expandText(text, (inner) => this.value(inner), `${this.where}: variable "${name}"`);
      this.known.set(name, value);
      return value;
    } finally {
      this.chain.pop();
    }
  }

  /**
   * A text (a URL, a header, a body) with `lookup`'s values in place (the variables' values unless
   * given), bounded like a variable's value; `what` names it with its file ("api.http:12: its body").
   */
  expand(text: string, what: string, lookup: (name: string) => string | undefined = (name) => this.value(name)): string {
    return this.expandText(text, lookup, what);
  }

  private expandText(text: string, lookup: (name: string) => string | undefined, what: string): string {
    if (!text.includes('{{')) {
      this.budget.charge(text.length, what);
      return text;
    }
    // A text may be as long as the source wrote it; its variables may not make it longer than the bound.
    const bound = Math.max(LIMITS.expandedChars, text.length);
    let value: string;
    try {
      value = expandTemplates(text, lookup, bound);
    } catch (err) {
      if (!(err instanceof ExpansionTooLarge)) throw err;
      const through = this.chain.length ? ` (through ${shownChain(this.chain)})` : '';
      throw new ImportError(`${what} expands past ${bound} characters${through}; the variables multiply each other`);
    }
    this.budget.charge(value.length, what);
    return value;
  }
}

/** A chain of variables as "a -> b -> c", its middle left out past a dozen ("v0 -> v1 -> v2 -> … -> v478"). */
function shownChain(names: readonly string[]): string {
  const shown = names.length <= 12 ? names : [...names.slice(0, 4), `… (${names.length - 8} more)`, ...names.slice(-4)];
  return shown.map((n) => n.slice(0, 64)).join(' -> ');
}
