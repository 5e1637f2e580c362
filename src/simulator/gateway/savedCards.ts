import { randomInt } from 'node:crypto';
import { passesLuhn } from '../../redaction';
import type { CardDetails } from './cards';

/**
 * Saved cards (tokens): per merchant, at most MAX_TOKENS, never a security code. Token ids are what
 * a "Random" token generation strategy hands out: 16 digits. They start with 9 and fail the Luhn
 * check, so no token can be taken for a card number (the redaction policy masks Luhn-valid runs).
 */

export interface SavedCard {
  token: string;
  merchantId: string;
  card: Required<Pick<CardDetails, 'number' | 'expiryMonth' | 'expiryYear'>>;
  lastUpdated: string;
}

export const MAX_TOKENS = 10_000;

function newTokenId(): string {
  let id = '9';
  for (let i = 0; i < 15; i++) id += String(randomInt(10));
  if (!passesLuhn(id)) return id;
  return id.slice(0, 15) + String((Number(id.charAt(15)) + 1) % 10);
}

export class SavedCardStore {
  private readonly cards = new Map<string, SavedCard>();

  private static key(merchantId: string, token: string): string {
    return `${merchantId}\u0000${token}`;
  }

  /** Saves under `token` (Create or Update Token) or a new id (Create Token). */
  save(merchantId: string, card: SavedCard['card'], lastUpdated: string, token?: string): SavedCard {
    let id = token ?? newTokenId();
    while (token === undefined && this.cards.has(SavedCardStore.key(merchantId, id))) id = newTokenId();
    const saved: SavedCard = { token: id, merchantId, card, lastUpdated };
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
