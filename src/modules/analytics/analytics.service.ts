// A chatbot's figures for a range of days (UTC): conversations (per day), the share of questions answered,
// handovers and how long a person took to reply after one, resolutions, ratings, and the questions it
// could not answer most often. Days are whole UTC days; the range holds both its ends.
import type { Core } from '../../core.js';
import { validationError } from '../../errors.js';
import { maskContactDetails } from '../leads/index.js';
import { analyticsFigures as repo } from '../conversations/index.js';
import type { Analytics, AnalyticsQuery } from './analytics.schemas.js';
import type { Static } from 'typebox';

export const ANALYTICS_LIMITS = { maxDays: 366, defaultDays: 30, topUnanswered: 10 } as const;

export type AnalyticsDeps = Pick<Core, 'db' | 'clock'>;

export interface AnalyticsService {
  /**
   * The account's chatbot's figures from `from` to `to` (default: the last 30 days up to today); 400 for a
   * bad range.
   */
  figures(
    accountId: string,
    chatbotId: string,
    query: Static<typeof AnalyticsQuery>,
  ): Promise<Static<typeof Analytics>>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` day as the ms of its UTC midnight; 400 naming the field for anything else. */
function dayStart(value: string, field: string): number {
  const match = DATE.exec(value);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
    throw validationError(field, 'must be a date such as 2026-11-01');
  return ms;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The middle value of a list of numbers (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function createAnalyticsService({ db, clock }: AnalyticsDeps): AnalyticsService {
  return {
    async figures(accountId: string, chatbotId: string, query: { from?: string; to?: string }) {
      const today = Math.floor(clock.now() / repo.DAY_MS) * repo.DAY_MS;
      const last = query.to !== undefined ? dayStart(query.to, 'query.to') : today;
      const first =
        query.from !== undefined
          ? dayStart(query.from, 'query.from')
          : last - (ANALYTICS_LIMITS.defaultDays - 1) * repo.DAY_MS;
      if (first > last) throw validationError('query.from', 'must not come after `to`');
      const days = (last - first) / repo.DAY_MS + 1;
      if (days > ANALYTICS_LIMITS.maxDays)
        throw validationError('query.from', `the range may span at most ${ANALYTICS_LIMITS.maxDays} days`);
      const range: repo.Range = { accountId, chatbotId, from: first, to: last + repo.DAY_MS };

      const [perDay, questions, ratings, handovers, resolutions, unanswered] = await Promise.all([
        repo.conversationsPerDay(db, range),
        repo.questionCounts(db, range),
        repo.ratingCounts(db, range),
        repo.handovers(db, range),
        repo.resolutionCount(db, range),
        repo.topUnanswered(db, range, ANALYTICS_LIMITS.topUnanswered),
      ]);
      const counts = new Map(perDay.map((row) => [row.day, row.count]));
      const daily = Array.from({ length: days }, (_, i) => {
        const day = first / repo.DAY_MS + i;
        return { date: isoDay(day * repo.DAY_MS), conversations: counts.get(day) ?? 0 };
      });
      const waits = handovers.flatMap((row) =>
        row.first_reply_at === null || row.escalated_at === null
          ? []
          : [(Number(row.first_reply_at) - Number(row.escalated_at)) / 1000],
      );
      return {
        from: isoDay(first),
        to: isoDay(last),
        conversations: daily.reduce((sum, day) => sum + day.conversations, 0),
        daily,
        questions: {
          asked: questions.asked,
          answered: questions.answered,
          answeredShare: questions.asked === 0 ? null : questions.answered / questions.asked,
        },
        handovers: handovers.length,
        firstHumanReply: {
          replied: waits.length,
          medianSeconds: median(waits),
          averageSeconds:
            waits.length === 0 ? null : waits.reduce((sum, wait) => sum + wait, 0) / waits.length,
        },
        resolutions,
        ratings,
        topUnanswered: unanswered.map((row) => ({
          id: row.key,
          text: maskContactDetails(row.question),
          count: row.count,
        })),
      };
    },
  };
}
