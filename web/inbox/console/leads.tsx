// Leads: the contact details visitors left, per chatbot, newest first: searched as you type, filtered to
// those with a way to reach them, edited, marked converted, deleted after a question, exported as CSV.
import { useEffect, useState } from 'preact/hooks';
import { call, page } from '../api';
import type { Lead } from '../types';
import { ChatbotPage, ConfirmButton, Failed, dateOf, failure, type Load } from './shared';

/** Read for the table and the export: the newest 1,000. */
const MAX_PAGES = 10;
const FIELDS = ['name', 'email', 'phone', 'company'] as const;

/** A CSV cell: quoted, and a leading = + - @ (a formula to a spreadsheet) made text. */
export function csvCell(value: string | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function leadsCsv(leads: readonly Lead[]): string {
  const header = ['name', 'email', 'phone', 'company', 'channel', 'converted', 'capturedAt', 'threadId'];
  const rows = leads.map((lead) => [lead.name, lead.email, lead.phone, lead.company, lead.channel, lead.converted, lead.capturedAt, lead.threadId].map(csvCell).join(','));
  return [header.join(','), ...rows].join('\r\n') + '\r\n';
}

export function LeadsPage({ chatbotId }: { chatbotId: string | null }) {
  return (
    <ChatbotPage title="Leads" id="leads" base="#/leads" chatbotId={chatbotId}>
      {(chosen) => <LeadTable key={chosen.id} chatbotId={chosen.id} />}
    </ChatbotPage>
  );
}

function LeadTable({ chatbotId }: { chatbotId: string }) {
  const [leads, setLeads] = useState<Load<Lead[]>>({ state: 'loading' });
  const [contactOnly, setContactOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');
  const path = `/chatbots/${encodeURIComponent(chatbotId)}/leads`;

  useEffect(() => {
    let cancelled = false;
    setLeads({ state: 'loading' });
    (async () => {
      const found: Lead[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < MAX_PAGES; i++) {
        const next: { items: Lead[]; next: string | null } = await page<Lead>(`${path}${contactOnly ? '?contact=true' : ''}`, 'leads', cursor, 100);
        found.push(...next.items);
        cursor = next.next;
        if (!cursor) break;
      }
      return found;
    })().then(
      (value) => !cancelled && setLeads({ state: 'done', value }),
      (failed) => !cancelled && setLeads({ state: 'failed', message: failure(failed) }),
    );
    return () => {
      cancelled = true;
    };
  }, [path, contactOnly, attempt]);

  const act = async (work: () => Promise<unknown>) => {
    setError('');
    try {
      await work();
      setAttempt((n) => n + 1);
    } catch (failed) {
      setError(failure(failed));
    }
  };
  const needle = search.trim().toLowerCase();
  const shown =
    leads.state === 'done'
      ? leads.value.filter((lead) => !needle || FIELDS.some((field) => (lead[field] ?? '').toLowerCase().includes(needle)))
      : [];
  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([leadsCsv(shown)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <>
      <div class="filters">
        <div>
          <label for="leads-search">Search</label>
          <input id="leads-search" type="search" placeholder="Name, email, phone or company" value={search} onInput={(event) => setSearch((event.target as HTMLInputElement).value)} />
        </div>
        <label class="choice">
          <input type="checkbox" checked={contactOnly} onChange={(event) => setContactOnly((event.target as HTMLInputElement).checked)} /> Only leads with an email or phone
        </label>
        <button type="button" onClick={exportCsv} disabled={shown.length === 0}>
          Export CSV
        </button>
      </div>
      <p class="error" role="alert">
        {error}
      </p>
      {leads.state === 'loading' ? (
        <p role="status">Loading the leads…</p>
      ) : leads.state === 'failed' ? (
        <Failed message={leads.message} retry={() => setAttempt((n) => n + 1)} />
      ) : shown.length === 0 ? (
        <p class="empty-state">{leads.value.length === 0 ? 'No lead yet: visitors who leave their details appear here.' : 'No lead matches the search.'}</p>
      ) : (
        <>
          <p class="hint" role="status">
            {shown.length} of {leads.value.length} leads shown.
          </p>
          <ul class="items leads">
            {shown.map((lead) =>
              editing === lead.id ? (
                <li key={lead.id}>
                  <LeadForm lead={lead} onCancel={() => setEditing(null)} onSave={(changes) => act(async () => (await call('PATCH', `${path}/${lead.id}`, changes), setEditing(null)))} />
                </li>
              ) : (
                <li key={lead.id}>
                  <div>
                    <strong>{lead.name ?? 'No name'}</strong> {lead.converted && <span class="tag">converted</span>}
                    <p class="hint">
                      {[lead.email, lead.phone, lead.company].filter(Boolean).join(' · ') || 'No contact details'} · {lead.channel} · {dateOf(lead.capturedAt)}
                    </p>
                  </div>
                  <div class="buttons">
                    <button type="button" onClick={() => setEditing(lead.id)}>
                      Edit {lead.name ?? 'lead'}
                    </button>
                    <button type="button" onClick={() => act(() => call('PATCH', `${path}/${lead.id}`, { converted: !lead.converted }))}>
                      {lead.converted ? 'Mark not converted' : 'Mark converted'}
                    </button>
                    <ConfirmButton
                      label={`Delete ${lead.name ?? 'lead'}`}
                      question={`Delete the lead ${lead.name ?? ''}? Its details are removed for good; the conversation stays.`}
                      confirmLabel="Yes, delete the lead"
                      onConfirm={() => act(() => call('DELETE', `${path}/${lead.id}`))}
                    />
                  </div>
                </li>
              ),
            )}
          </ul>
        </>
      )}
    </>
  );
}

function LeadForm({ lead, onSave, onCancel }: { lead: Lead; onSave(changes: Record<string, string | null>): void; onCancel(): void }) {
  const [values, setValues] = useState<Record<(typeof FIELDS)[number], string>>({
    name: lead.name ?? '',
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    company: lead.company ?? '',
  });
  return (
    <form
      class="panel lead-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(Object.fromEntries(FIELDS.map((field) => [field, values[field].trim() || null])));
      }}
    >
      {FIELDS.map((field) => (
        <div key={field}>
          <label for={`lead-${field}`}>{field[0]!.toUpperCase() + field.slice(1)}</label>
          <input id={`lead-${field}`} value={values[field]} onInput={(event) => setValues({ ...values, [field]: (event.target as HTMLInputElement).value })} />
        </div>
      ))}
      <div class="buttons">
        <button type="submit" class="primary">
          Save the lead
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
