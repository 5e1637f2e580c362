/** Date rules. Dates are yyyy-mm-dd text, so comparing the strings compares the dates. */
import { issue } from '../issues';
import { at } from './access';
import type { CrossFieldRule } from './types';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateAt(body: unknown, path: string): string | undefined {
  const v = at(body, path);
  return typeof v === 'string' && DATE.test(v) ? v : undefined;
}

/** Today in UTC as yyyy-mm-dd. */
function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export const cruiseDateOrder: CrossFieldRule = {
  id: 'dateOrder',
  description: 'cruise.departureDate must not be later than cruise.returnDate.',
  needs: ['cruise.departureDate', 'cruise.returnDate'],
  check(body) {
    const dep = dateAt(body, 'cruise.departureDate');
    const ret = dateAt(body, 'cruise.returnDate');
    if (!dep || !ret || dep <= ret) return [];
    return [
      issue('cruise.departureDate', 'dateOrder', `must not be later than cruise.returnDate ('${ret}'), got '${dep}'`, dep),
      issue('cruise.returnDate', 'dateOrder', `must not be earlier than cruise.departureDate ('${dep}'), got '${ret}'`, ret),
    ];
  },
};

export const agreementStartNotInPast: CrossFieldRule = {
  id: 'notInPast',
  description: 'agreement.startDate must not be in the past (compared with today in UTC).',
  needs: ['agreement.startDate'],
  check(body, ctx) {
    const start = dateAt(body, 'agreement.startDate');
    if (!start) return [];
    const today = utcDay(ctx.now);
    if (start >= today) return [];
    return [issue('agreement.startDate', 'notInPast', `must not be in the past (today is ${today} UTC), got '${start}'`, start)];
  },
};
