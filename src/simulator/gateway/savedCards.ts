import { randomInt } from 'node:crypto';
import { passesLuhn } from '../../redaction';
import type { JsonOut } from '../jsonText';
import type { CardDetails } from './cards';

/**
 * Saved cards (tokens): per merchant, at most MAX_TOKENS, never a security code. Token ids are what
 * the gateway's "Random with Luhn" token generation strategy hands out: 16 digits starting with 9
 * that pass the Luhn check, like a card number. The harder case on purpose: the redaction policy
 * must keep them whole (token keys are identifiers), or Pay with the token would send a masked one.
 */

export interface SavedCard {
  token: string;
  merchantId: string;
  card: Required<Pick<CardDetails, 'number' | 'expiryMonth' | 'expiryYear'>>;
  lastUpdated: string;
  /** The billing and customer groups stored with the card, as the request (or its session) sent them. */
  holder?: SavedCardHolder;
}

export interface SavedCardHolder {
  billing?: JsonOut;
  customer?: JsonOut;
}

export const MAX_TOKENS = 10_000;

function newTokenId(): string {
  let body = '9';
  for (let i = 0; i < 14; i++) body += String(randomInt(10));
  for (let check = 0; check < 10; check++) if (passesLuhn(body + String(check))) return body + String(check);
  throw new Error('no Luhn check digit');
}

export class SavedCardStore {
  private readonly cards = new Map<string, SavedCard>();

  private static key(merchantId: string, token: string): string {
    return `${merchantId}\u0000${token}`;
  }

  /** Saves under `token` (Create or Update Token) or a new id (Create Token). */
  save(merchantId: string, card: SavedCard['card'], lastUpdated: string, token?: string, holder?: SavedCardHolder): SavedCard {
    let id = token ?? newTokenId();
    while (token === undefined && this.cards.has(SavedCardStore.key(merchantId, id))) id = newTokenId();
    const saved: SavedCard = { token: id, merchantId, card, lastUpdated };
    if (holder && (holder.billing || holder.customer)) saved.holder = holder;
    const key = SavedCardStore.key(merchantId, id);
    this.cards.delete(key);
    this.cards.set(key, saved);
    if (this.cards.size > MAX_TOKENS) this.cards.delete(this.cards.keys().next().value as string);
    return saved;
  }

  get(merchantId: string, token: string): SavedCard | undefined {
    return this.cards.get(SavedCardStore.key(merchantId, token));
  }

  delete(merchantId: string, token: string): boolean {
    return this.cards.delete(SavedCardStore.key(merchantId, token));
  }
}
