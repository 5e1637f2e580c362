/**
 * How many connections a send may open before an answer comes. undici connects again at once when a
 * connection closes before its request went out: a proxy that accepts every CONNECT tunnel and closes
 * it (or a peer that drops every connection that way) made one send open tens of thousands of
 * connections a second, and the send's own timeout never ended it. Each send brings a few connections
 * (a stale keep-alive socket costs one); an answer, or the last send ending, gives them back.
 */
import type { buildConnector } from 'undici';

type Connector = buildConnector.connector;

/** Connections one send may open without an answer: the first, one for a stale pooled socket, and a spare. */
export const CONNECTIONS_PER_SEND = 3;

/** The connector's refusal once the budget is spent: not a socket error, so undici fails the waiting sends instead of connecting again. */
export class ConnectionBudgetSpent extends Error {
  readonly code = 'PW_CONNECTION_BUDGET_SPENT';
  constructor(readonly connections: number) {
    super(`${connections} connections closed before any answer`);
  }
}

export class ConnectionBudget {
  private opened = 0;
  private sending = 0;

  constructor(private readonly perSend = CONNECTIONS_PER_SEND) {}

  /** `connect`, refusing once the sends waiting have opened their share of connections without an answer. */
  guard(connect: Connector): Connector {
    return (options, callback) => {
      if (this.opened >= this.perSend * Math.max(1, this.sending)) {
        callback(new ConnectionBudgetSpent(this.opened), null);
        return;
      }
      this.opened += 1;
      connect(options, callback);
    };
  }

  sendStarted(): void {
    this.sending += 1;
  }

  /** An answer came: the connections it took did their work. */
  answered(): void {
    this.opened = 0;
  }

  sendEnded(): void {
    this.sending = Math.max(0, this.sending - 1);
    if (this.sending === 0) this.opened = 0;
  }
}
