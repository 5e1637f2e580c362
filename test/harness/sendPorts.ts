/** Ports for the send path in tests and benchmarks: one that always goes on, and one that records what it was asked. */
import type { SendPort, SendQuestion } from '../../src/send/guardedSend';
import { SIMULATOR_DEFAULTS } from '../../src/simulator/defaults';

/** A merchant id that makes an environment LIVE (not TEST…), served by a simulator on loopback, and its password. */
export const LIVE_MERCHANT = { merchantId: 'LIVESHOP01', apiPassword: 'live-password' } as const;

/** The simulator's merchants for send-path tests: the default TEST one and the LIVE one. */
export const TEST_AND_LIVE_MERCHANTS = [{ merchantId: SIMULATOR_DEFAULTS.merchantId, apiPassword: SIMULATOR_DEFAULTS.apiPassword }, { ...LIVE_MERCHANT }];

/** Goes on without asking: negative tests on the simulator send what breaks the rules on purpose. */
export const answerYes: SendPort = { ask: async () => true };

/** Answers each question from `answers` (no by default) and keeps every question asked, in order. */
export class RecordingPort implements SendPort {
  readonly asked: SendQuestion[] = [];
  constructor(private readonly answers: Partial<Record<SendQuestion['kind'], boolean>> = {}) {}

  async ask(question: SendQuestion): Promise<boolean> {
    this.asked.push(question);
    return this.answers[question.kind] ?? false;
  }

  kinds(): SendQuestion['kind'][] {
    return this.asked.map((q) => q.kind);
  }
}
