// The team and the access tokens: invite a person with a role (the link is shown once to hand over),
// change a role, switch someone off or on; make a token with the permissions it needs (its secret shown
// once) and revoke one.
import { useState } from 'preact/hooks';
import { call, client, lists } from '../api';
import { PERMISSIONS } from '../../../src/domain/permissions';
import type { Permission, Role, User } from '../types';
import { ConfirmButton, CopyButton, Failed, ShowMore, dateOf, failure, usePaged } from './shared';

const ROLE_WORDS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', agent: 'Agent (inbox only)' };

export function TeamPage({ me }: { me: User }) {
  return (
    <section class="report console" aria-labelledby="team-title">
      <h2 id="team-title">Team and tokens</h2>
      <People me={me} />
      <Tokens />
    </section>
  );
}

function People({ me }: { me: User }) {
  const people = usePaged(lists.users(), []);
  const reload = people.reload;
  const [error, setError] = useState('');
  const [invited, setInvited] = useState<{ name: string; link: string } | null>(null);
  const [form, setForm] = useState({ name: '', email: '', role: 'agent' as Role });

  const act = async (work: () => Promise<unknown>) => {
    setError('');
    try {
      await work();
      reload();
    } catch (failed) {
      setError(failure(failed));
    }
  };

  return (
    <section aria-labelledby="people-title">
      <h3 id="people-title">People</h3>
      <p class="error" role="alert">
        {error}
      </p>
      {people.state.state === 'loading' ? (
        <p role="status">Loading the team…</p>
      ) : people.state.state === 'failed' ? (
        <Failed message={people.state.message} retry={reload} />
      ) : (
        <ul class="items people">
          {people.items.map((person) => (
            <li key={person.id}>
              <div>
                <strong>{person.name}</strong> <span class="hint">{person.email}</span>
                <span class={`tag ${person.status}`}>{person.status}</span>
              </div>
              <div class="buttons">
                <label class="visually-hidden" for={`role-${person.id}`}>
                  Role of {person.name}
                </label>
                <select
                  id={`role-${person.id}`}
                  value={person.role}
                  disabled={me.role !== 'owner' && person.role === 'owner'}
                  onChange={(event) =>
                    act(() =>
                      call(
                        client.PATCH('/api/v1/users/{userId}', {
                          params: { path: { userId: person.id } },
                          body: { role: (event.target as HTMLSelectElement).value as Role },
                        }),
                      ),
                    )
                  }
                >
                  {(Object.keys(ROLE_WORDS) as Role[]).map((role) => (
                    <option key={role} value={role} disabled={me.role !== 'owner' && role === 'owner'}>
                      {ROLE_WORDS[role]}
                    </option>
                  ))}
                </select>
                {person.id !== me.id &&
                  (person.status === 'disabled' ? (
                    <button
                      type="button"
                      onClick={() =>
                        act(() =>
                          call(
                            client.POST('/api/v1/users/{userId}/enable', {
                              params: { path: { userId: person.id } },
                            }),
                          ),
                        )
                      }
                    >
                      Switch on {person.name}
                    </button>
                  ) : (
                    <button
                      type="button"
                      onClick={() =>
                        act(() =>
                          call(
                            client.POST('/api/v1/users/{userId}/disable', {
                              params: { path: { userId: person.id } },
                            }),
                          ),
                        )
                      }
                    >
                      Switch off {person.name}
                    </button>
                  ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ShowMore list={people} label="Show more people" />
      <form
        class="panel"
        onSubmit={(event) => {
          event.preventDefault();
          void act(async () => {
            const { invitation } = await call(client.POST('/api/v1/users', { body: form }));
            setInvited({ name: form.name, link: invitation.link });
            setForm({ name: '', email: '', role: 'agent' });
          });
        }}
      >
        <h4>Invite someone</h4>
        <label for="invite-name">Full name</label>
        <input
          id="invite-name"
          required
          maxLength={200}
          value={form.name}
          onInput={(event) => setForm({ ...form, name: (event.target as HTMLInputElement).value })}
        />
        <label for="invite-email">Email</label>
        <input
          id="invite-email"
          type="email"
          required
          value={form.email}
          onInput={(event) => setForm({ ...form, email: (event.target as HTMLInputElement).value })}
        />
        <label for="invite-role">Role</label>
        <select
          id="invite-role"
          value={form.role}
          onChange={(event) => setForm({ ...form, role: (event.target as HTMLSelectElement).value as Role })}
        >
          {(Object.keys(ROLE_WORDS) as Role[]).map((role) => (
            <option key={role} value={role} disabled={me.role !== 'owner' && role === 'owner'}>
              {ROLE_WORDS[role]}
            </option>
          ))}
        </select>
        <button type="submit" class="primary">
          Invite
        </button>
      </form>
      {invited && (
        <div class="secret" role="status">
          <p>Send {invited.name} this link (it works once, for 72 hours, and is not shown again):</p>
          <code class="wrap">{invited.link}</code> <CopyButton text={invited.link} label="Copy the link" />
        </div>
      )}
    </section>
  );
}

function Tokens() {
  const tokens = usePaged(lists.tokens(), []);
  const reload = tokens.reload;
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Set<Permission>>(new Set(['leads:read']));
  const [days, setDays] = useState('');
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    setError('');
    try {
      const made = await call(
        client.POST('/api/v1/tokens', {
          body: {
            name,
            permissions: [...chosen],
            ...(days.trim() ? { expiresInDays: Number(days) } : {}),
          },
        }),
      );
      setSecret({ name, secret: made.secret });
      setName('');
      reload();
    } catch (failed) {
      setError(failure(failed));
    }
  };

  return (
    <section aria-labelledby="tokens-title">
      <h3 id="tokens-title">Access tokens</h3>
      {tokens.state.state === 'loading' ? (
        <p role="status">Loading the tokens…</p>
      ) : tokens.state.state === 'failed' ? (
        <Failed message={tokens.state.message} retry={reload} />
      ) : tokens.items.length === 0 ? (
        <p class="empty-state">No token yet.</p>
      ) : (
        <ul class="items tokens">
          {tokens.items.map((token) => (
            <li key={token.id}>
              <div>
                <strong>{token.name || 'Unnamed'}</strong>{' '}
                <span class={`tag ${token.status}`}>{token.status}</span>
                <p class="hint">
                  {token.permissions.join(', ')} · by {token.userName} · last used {dateOf(token.lastUsedAt)}
                </p>
              </div>
              {token.status === 'active' && (
                <ConfirmButton
                  label={`Revoke ${token.name || 'the unnamed token'}`}
                  question={`Revoke “${token.name || 'this token'}”? Whatever uses it stops working at once.`}
                  confirmLabel="Yes, revoke it"
                  onConfirm={async () => {
                    try {
                      await call(
                        client.DELETE('/api/v1/tokens/{tokenId}', {
                          params: { path: { tokenId: token.id } },
                        }),
                      );
                      reload();
                    } catch (failed) {
                      setError(failure(failed));
                    }
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <ShowMore list={tokens} label="Show more tokens" />
      <form class="panel" onSubmit={create}>
        <h4>Make a token</h4>
        <label for="token-name">What it is for</label>
        <input
          id="token-name"
          required
          maxLength={100}
          value={name}
          onInput={(event) => setName((event.target as HTMLInputElement).value)}
        />
        <fieldset>
          <legend>Permissions</legend>
          <div class="checks">
            {PERMISSIONS.map((permission) => (
              <label class="choice" key={permission}>
                <input
                  type="checkbox"
                  checked={chosen.has(permission)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if ((event.target as HTMLInputElement).checked) next.add(permission);
                    else next.delete(permission);
                    setChosen(next);
                  }}
                />{' '}
                {permission}
              </label>
            ))}
          </div>
        </fieldset>
        <label for="token-days">Expires after (days; empty: never)</label>
        <input
          id="token-days"
          type="number"
          min={1}
          max={3650}
          value={days}
          onInput={(event) => setDays((event.target as HTMLInputElement).value)}
        />
        <p class="error" role="alert">
          {error}
        </p>
        <button type="submit" class="primary" disabled={!name.trim() || chosen.size === 0}>
          Make token
        </button>
      </form>
      {secret && (
        <div class="secret" role="status">
          <p>The token “{secret.name}”. Copy it now: it is not shown again.</p>
          <code class="wrap">{secret.secret}</code> <CopyButton text={secret.secret} label="Copy the token" />
        </div>
      )}
    </section>
  );
}
