// Analytics of a chatbot for a range of days: the figures (conversations, questions answered, handovers
// and the wait for a person, resolutions, ratings), conversations per day as a chart with the same figures
// in a table beside it (the one screen readers read), and the questions most often unanswered.
import { useEffect, useRef, useState } from 'preact/hooks';
import { call, client } from '../api';
import type { DailyChart } from '../charts';
import type { Analytics } from '../types';
import { useRereadOnConversationChange } from '../changes';
import { ChatbotPage, Failed, useLoad } from './shared';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const duration = (seconds: number | null): string => {
  if (seconds === null) return '—';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
};

export function AnalyticsPage({ chatbotId }: { chatbotId: string | null }) {
  return (
    <ChatbotPage title="Analytics" id="analytics" base="#/analytics" chatbotId={chatbotId}>
      {(chosen) => <Figures key={chosen.id} chatbotId={chosen.id} />}
    </ChatbotPage>
  );
}

function Figures({ chatbotId }: { chatbotId: string }) {
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const [from, setFrom] = useState(() => isoDay(Date.now() - 29 * DAY_MS));
  const [figures, reload] = useLoad(
    async () =>
      (
        await call(
          client.GET('/api/v1/chatbots/{chatbotId}/analytics', {
            params: { path: { chatbotId }, query: { from, to } },
          }),
        )
      ).analytics,
    [chatbotId, from, to],
  );
  // A conversation of this chatbot changed (a new one, a handover, a resolution): the figures follow.
  useRereadOnConversationChange(chatbotId, reload);

  return (
    <>
      <div class="filters">
        <div>
          <label for="analytics-from">From</label>
          <input
            id="analytics-from"
            type="date"
            value={from}
            max={to}
            onChange={(event) => setFrom((event.target as HTMLInputElement).value || from)}
          />
        </div>
        <div>
          <label for="analytics-to">To</label>
          <input
            id="analytics-to"
            type="date"
            value={to}
            min={from}
            onChange={(event) => setTo((event.target as HTMLInputElement).value || to)}
          />
        </div>
      </div>
      {figures.state === 'loading' ? (
        <p role="status">Loading the figures…</p>
      ) : figures.state === 'failed' ? (
        <Failed message={figures.message} retry={reload} />
      ) : (
        <Shown analytics={figures.value} />
      )}
    </>
  );
}

function Shown({ analytics: a }: { analytics: Analytics }) {
  const share = a.questions.answeredShare === null ? '—' : `${Math.round(a.questions.answeredShare * 100)} %`;
  const cards: Array<[string, string, string]> = [
    ['Conversations', String(a.conversations), `from ${a.from} to ${a.to}`],
    ['Questions answered', share, `${a.questions.answered} of ${a.questions.asked}`],
    ['Handovers', String(a.handovers), `${a.firstHumanReply.replied} replied to`],
    ['Wait for a person', duration(a.firstHumanReply.medianSeconds), 'median, handover to first reply'],
    ['Resolved', String(a.resolutions), 'conversations'],
    ['Ratings', `${a.ratings.up} up · ${a.ratings.down} down`, 'of answers'],
  ];
  return (
    <>
      <ul class="cards">
        {cards.map(([title, value, note]) => (
          <li key={title}>
            <span class="card-title">{title}</span>
            <strong class="card-value">{value}</strong>
            <span class="hint">{note}</span>
          </li>
        ))}
      </ul>
      <section aria-labelledby="per-day-title" class="panel">
        <h3 id="per-day-title">Conversations per day</h3>
        <DailyBars daily={a.daily} />
        <table class="list visually-hidden">
          <caption>Conversations per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Conversations</th>
            </tr>
          </thead>
          <tbody>
            {a.daily.map((day) => (
              <tr key={day.date}>
                <td>{day.date}</td>
                <td>{day.conversations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="top-title" class="panel">
        <h3 id="top-title">Questions it could not answer most often</h3>
        {a.topUnanswered.length === 0 ? (
          <p class="empty-state">None in this range.</p>
        ) : (
          <ol class="top-questions">
            {a.topUnanswered.map((question) => (
              <li key={question.id}>
                {question.text} <span class="hint">({question.count}×)</span>
              </li>
            ))}
          </ol>
        )}
        <p>
          <a href="#/questions">Answer them in the questions report</a>
        </p>
      </section>
    </>
  );
}

/** The chart drawn by charts.js, loaded once, when first needed; a table says the same to screen readers. */
function DailyBars({ daily }: { daily: Analytics['daily'] }) {
  const box = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let destroy: (() => void) | null = null;
    let cancelled = false;
    void loadCharts().then(
      (charts) => {
        if (cancelled || !box.current) return;
        const chart: DailyChart = {
          days: daily.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
          values: daily.map((day) => day.conversations),
          label: 'Conversations',
          width: Math.max(240, box.current.clientWidth),
          height: 220,
        };
        destroy = charts.draw(box.current, chart);
      },
      () => setProblem('The chart could not be loaded; the figures are in the table below.'),
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [daily]);
  return (
    <>
      <div class="chart" ref={box} aria-hidden="true" />
      {problem && <p class="error">{problem}</p>}
    </>
  );
}

type Charts = { draw(element: HTMLElement, chart: DailyChart): () => void };
let charts: Promise<Charts> | null = null;

function loadCharts(): Promise<Charts> {
  charts ??= new Promise<Charts>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/inbox/charts.js';
    script.onload = () => {
      const loaded = (window as unknown as { chatbotOpsCharts?: Charts }).chatbotOpsCharts;
      if (loaded) resolve(loaded);
      else reject(new Error('charts.js did not load'));
    };
    script.onerror = () => {
      charts = null;
      reject(new Error('charts.js did not load'));
    };
    document.head.appendChild(script);
  });
  return charts;
}
