// Leads: the contact details visitors left, per chatbot, newest first, paged: searched as you type (by the
// service, over every lead), filtered to those with a way to reach them, edited, marked converted, deleted
// after a question, exported as CSV (every lead the filters find).
import { useState } from 'preact/hooks';
import { call, client, lists, readItems } from '../api';
import { useRereadOnConversationChange } from '../changes';
import type { Lead } from '../types';
import {
  ChatbotPage,
  ConfirmButton,
  Failed,
  ShowMore,
  dateOf,
  failure,
  usePaged,
  useSettled,
} from './shared';

const FIELDS = ['name', 'email', 'phone', 'company'] as const;

/** A CSV cell: quoted, and a leading = + - @ (a formula to a spreadsheet) made text. */
export function csvCell(value: string | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function leadsCsv(leads: readonly Lead[]): string {
  const header = ['name', 'email', 'phone', 'company', 'channel', 'converted', 'capturedAt', 'threadId'];
  const rows = leads.map((lead) =>
    [
      lead.name,
      lead.email,
      lead.phone,
      lead.company,
      lead.channel,
      lead.converted,
      lead.capturedAt,
      lead.threadId,
    ]
      .map(csvCell)
      .join(','),
  );
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
  const [contactOnly, setContactOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [exporting, setExporting] = useState(false);
  const leadPath = (leadId: string) => ({ params: { path: { chatbotId, leadId } } });
  // The service searches (every lead, not only those loaded), once typing pauses.
  const searched = useSettled(search.trim());
  const found = lists.leads(chatbotId, {
    ...(contactOnly ? { contact: 'true' } : {}),
    ...(searched ? { q: searched } : {}),
  });
  const leads = usePaged(found, []);
  // Visitors leave their details in conversations: a change to one of this chatbot's reads the leads again.
  useRereadOnConversationChange(chatbotId, leads.reload);

  const act = async (work: () => Promise<unknown>) => {
    setError('');
    try {
      await work();
      leads.reload();
    } catch (failed) {
      setError(failure(failed));
    }
  };
  // Every lead the filters find, not only those shown.
  const exportCsv = async () => {
    setError('');
    setExporting(true);
    try {
      const { items } = await readItems(found, Infinity);
      const url = URL.createObjectURL(new Blob([leadsCsv(items)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (failed) {
      setError(failure(failed));
    } finally {
      setExporting(false);
    }
  };
  const filtered = contactOnly || searched !== '';

  return (
    <>
      <div class="filters">
        <div>
          <label for="leads-search">Search</label>
          <input
            id="leads-search"
            type="search"
            placeholder="Name, email, phone or company"
            value={search}
            onInput={(event) => setSearch((event.target as HTMLInputElement).value)}
          />
        </div>
        <label class="choice">
          <input
            type="checkbox"
            checked={contactOnly}
            onChange={(event) => setContactOnly((event.target as HTMLInputElement).checked)}
          />{' '}
          Only leads with an email or phone
        </label>
        <button
          type="button"
          onClick={() => void exportCsv()}
          disabled={leads.items.length === 0 || exporting}
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      <p class="error" role="alert">
        {error}
      </p>
      {leads.state.state === 'loading' ? (
        <p role="status">Loading the leads…</p>
      ) : leads.state.state === 'failed' ? (
        <Failed message={leads.state.message} retry={leads.reload} />
      ) : leads.items.length === 0 ? (
        <p class="empty-state">
          {filtered ? 'No lead matches.' : 'No lead yet: visitors who leave their details appear here.'}
        </p>
      ) : (
        <>
          <p class="hint" role="status">
            {leads.items.length} {leads.items.length === 1 ? 'lead' : 'leads'}
            {leads.hasMore ? ' shown, more below' : filtered ? ' found' : ''}.
          </p>
          <ul class="items leads">
            {leads.items.map((lead) =>
              editing === lead.id ? (
                <li key={lead.id}>
                  <LeadForm
                    lead={lead}
                    onCancel={() => setEditing(null)}
                    onSave={(changes) =>
                      act(async () => {
                        await call(
                          client.PATCH('/api/v1/chatbots/{chatbotId}/leads/{leadId}', {
                            ...leadPath(lead.id),
                            body: changes,
                          }),
                        );
                        setEditing(null);
                      })
                    }
                  />
                </li>
              ) : (
                <li key={lead.id}>
                  <div>
                    <strong>{lead.name ?? 'No name'}</strong>{' '}
                    {lead.converted && <span class="tag">converted</span>}
                    <p class="hint">
                      {[lead.email, lead.phone, lead.company].filter(Boolean).join(' · ') ||
                        'No contact details'}{' '}
                      · {lead.channel} · {dateOf(lead.capturedAt)}
                    </p>
                  </div>
                  <div class="buttons">
                    <button type="button" onClick={() => setEditing(lead.id)}>
                      Edit {lead.name ?? 'lead'}
                    </button>
                    <button
                      type="button"
                      onClick={() =>
                        act(() =>
                          call(
                            client.PATCH('/api/v1/chatbots/{chatbotId}/leads/{leadId}', {
                              ...leadPath(lead.id),
                              body: { converted: !lead.converted },
                            }),
                          ),
                        )
                      }
                    >
                      {lead.converted ? 'Mark not converted' : 'Mark converted'}
                    </button>
                    <ConfirmButton
                      label={`Delete ${lead.name ?? 'lead'}`}
                      question={`Delete the lead ${lead.name ?? ''}? Its details are removed for good; the conversation stays.`}
                      confirmLabel="Yes, delete the lead"
                      onConfirm={() =>
                        act(() =>
                          call(
                            client.DELETE('/api/v1/chatbots/{chatbotId}/leads/{leadId}', leadPath(lead.id)),
                          ),
                        )
                      }
                    />
                  </div>
                </li>
              ),
            )}
          </ul>
          <ShowMore list={leads} label="Show more leads" />
        </>
      )}
    </>
  );
}

function LeadForm({
  lead,
  onSave,
  onCancel,
}: {
  lead: Lead;
  onSave(changes: Record<(typeof FIELDS)[number], string | null>): void;
  onCancel(): void;
}) {
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
        const changed = (field: (typeof FIELDS)[number]) => values[field].trim() || null;
        onSave({
          name: changed('name'),
          email: changed('email'),
          phone: changed('phone'),
          company: changed('company'),
        });
      }}
    >
      {FIELDS.map((field) => (
        <div key={field}>
          <label for={`lead-${field}`}>{field[0]!.toUpperCase() + field.slice(1)}</label>
          <input
            id={`lead-${field}`}
            value={values[field]}
            onInput={(event) => setValues({ ...values, [field]: (event.target as HTMLInputElement).value })}
          />
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
